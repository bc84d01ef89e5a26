// The import's mapping step and report over HTTP, as a browser without JavaScript uses them (issue 27): every
// mapping problem at once in the page's words, the columns left out confirmed before the start, several columns
// into one field, a custom field created from a column, rows skipped or updated listed with the prospect they
// matched, and a dry run shown as one.
import { Readable } from 'node:stream';
import { unescape as decode } from 'html-escaper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { getImportJob, runImportNow, startImport, storeImportUpload } from '../../src/import/index.js';
import { listCustomFields } from '../../src/store/custom-fields.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import type { SettingsClient } from './settings-client.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const PEOPLE = [
  'First Name,Last Name,Company,Email,Seniority,Lead Status,Fax',
  'Ada,Lovelace,Engines Ltd,ada@engines.example,Director,Open,',
  'Charles,Babbage,Engines Ltd,charles@engines.example,VP,Open,',
  'Grace,Hopper,Navy Labs,grace@navy.example,Director,Won,',
].join('\n');

describe.each(testDatabaseKinds())('the import mapping step over HTTP (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let token: string;
  let browser: SettingsClient;
  const imports = () => `/workspaces/${workspaceId}/imports`;
  const api = (method: string, path: string, body?: unknown) =>
    call(`${app.origin}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });
  const uploadJob = async (csv: string, fileName = 'people.csv') =>
    (
      await storeImportUpload(db, {
        workspaceId,
        fileName,
        source: Readable.from([Buffer.from(csv)]),
        maxBytes: 1_000_000,
      })
    ).id;
  /** The form of PEOPLE: names into Contact name, Seniority a new field, Fax left out. */
  const peopleForm = (extra: Record<string, string> = {}) => ({
    column_0: 'contact_name',
    column_1: 'contact_name',
    column_2: 'company',
    column_3: 'contact_email',
    column_4: 'new',
    new_4_key: 'seniority',
    new_4_label: 'Seniority level',
    new_4_type: 'single_select',
    new_4_options: 'Director\nVP',
    column_5: 'notes',
    column_6: '',
    duplicates: 'skip',
    ...extra,
  });

  beforeAll(async () => {
    ({ db, app, workspaceId, token, browser } = await startWorkspaceApp(kind));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('names every mapping problem at once, by column header and field label, each beside its column', async () => {
    const jobUrl = `${imports()}/${await uploadJob(PEOPLE)}`;
    const refused = await browser.submit(jobUrl, `${jobUrl}/start`, {
      ...peopleForm(),
      column_0: 'company',
      column_3: 'domain',
      column_5: 'domain',
      new_4_key: 'Bad Key',
      acknowledge_unmapped: 'yes',
      unmapped_listed: '6',
    });
    expect(refused.status).toBe(422);
    const page = decode(refused.text);
    const summary = /<div class="error-summary"[\s\S]*?<\/div>/.exec(page)?.[0] ?? '';
    const items = [...summary.matchAll(/<li><a href="#([^"]+)">([^<]+)<\/a><\/li>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items[0]).toEqual([
      'f-column_0',
      expect.stringMatching(/^"First Name" and "Company" both map to Company/),
    ]);
    expect(items[1]).toEqual([
      'f-column_3',
      expect.stringMatching(/^"Email" and "Lead Status" both map to Domain/),
    ]);
    expect(items[2]?.[0]).toBe('f-column_4');
    expect(items[2]?.[1]).toContain('"Seniority"');
    // The page's words, never the API's field names.
    expect(summary).not.toMatch(/contact_name|contact_email|\bdomain\b/);
    expect(page).toMatch(
      /<span class="field-error" id="f-column_5-error">"Email" and "Lead Status" both map to Domain/,
    );
    expect((await getImportJob(db, { workspaceId, jobId: jobUrl.split('/').pop() as string }))?.status).toBe(
      'uploaded',
    );
  });

  it('lists the columns left out and starts only once the person confirmed that very list', async () => {
    const jobId = await uploadJob(PEOPLE);
    const jobUrl = `${imports()}/${jobId}`;
    const first = decode((await browser.get(jobUrl)).text);
    expect(first).toContain('name="acknowledge_unmapped" value="yes" required');
    const unconfirmed = await browser.submit(jobUrl, `${jobUrl}/start`, peopleForm());
    expect(unconfirmed.status).toBe(422);
    const page = decode(unconfirmed.text);
    expect(page).toContain('One column will not be imported');
    expect(page).toMatch(
      /<ul id="unmapped-list" class="unmapped-list"><li><a href="#f-column_6">Fax<\/a><\/li><\/ul>/,
    );
    expect(page).toContain('name="unmapped_listed" value="6"');
    // Confirmed for another list (a select changed since the page showed it): asked again.
    const stale = await browser.submit(jobUrl, `${jobUrl}/start`, {
      ...peopleForm({ column_5: '' }),
      acknowledge_unmapped: 'yes',
      unmapped_listed: '6',
    });
    expect(stale.status).toBe(422);
    expect(decode(stale.text)).toContain('2 columns will not be imported');
    expect((await getImportJob(db, { workspaceId, jobId }))?.status).toBe('uploaded');

    const started = await browser.submit(jobUrl, `${jobUrl}/start`, {
      ...peopleForm(),
      acknowledge_unmapped: 'yes',
      unmapped_listed: '6',
    });
    expect([started.status, started.location]).toEqual([303, jobUrl]);
    await runImportNow(db, { workspaceId, jobId });
    const job = await getImportJob(db, { workspaceId, jobId });
    expect(job).toMatchObject({ status: 'succeeded', created_count: 3, rejected_count: 0 });

    // First + Last into Contact name, Seniority a new field with the label typed, Lead Status in the notes.
    expect(await listCustomFields(db, workspaceId)).toEqual([
      expect.objectContaining({ key: 'seniority', label: 'Seniority level', type: 'single_select' }),
    ]);
    const listed = await api('GET', '/prospects?search=ada@engines.example');
    expect(listed.body.data[0]).toMatchObject({
      company: 'Engines Ltd',
      contact_name: 'Ada Lovelace',
      custom_fields: { seniority: 'Director' },
      notes: 'Open',
    });

    // The next file with the same headers starts from this mapping, and the page says so.
    const again = decode((await browser.get(`${imports()}/${await uploadJob(PEOPLE, 'people-2.csv')}`)).text);
    expect(again).toContain('The mapping of your last import of a file with these columns');
    const chosen = (column: number) =>
      new RegExp(`name="column_${column}"[^>]*>((?:(?!</select>)[\\s\\S])*)</select>`)
        .exec(again)?.[1]
        ?.match(/<option value="([^"]*)" selected>/)?.[1];
    expect([0, 1, 2, 3, 4, 5, 6].map(chosen)).toEqual([
      'contact_name',
      'contact_name',
      'company',
      'contact_email',
      'custom:seniority',
      'notes',
      '',
    ]);
  });

  it('lists skipped and updated rows with the prospect they matched, and why', async () => {
    const existing = (
      await api('POST', '/prospects', { company: 'Initech', contact_email: 'bill@initech.example' })
    ).body.id as string;
    const page = async (duplicates: 'skip' | 'update_fill_empty') => {
      const csv = `Company,Email,Title\nInitech,bill@initech.example,CEO\nHooli,${duplicates}@hooli.example,CEO\n`;
      const jobId = await uploadJob(csv, `${duplicates}.csv`);
      await startImport(db, {
        workspaceId,
        jobId,
        mapping: ['company', 'contact_email', 'contact_title'],
        duplicates,
      });
      await runImportNow(db, { workspaceId, jobId });
      return decode((await browser.get(`${imports()}/${jobId}`)).text);
    };
    const skipped = await page('skip');
    expect(skipped).toMatch(/<dd data-count="skipped">1<\/dd>/);
    const table = /<table class="stack" id="report-skipped">[\s\S]*?<\/table>/.exec(skipped)?.[0] ?? '';
    expect(table).toContain(`<a href="/workspaces/${workspaceId}/prospects/${existing}">Initech</a>`);
    expect(table).toMatch(/<td data-label="Line">2<\/td>/);
    expect(table).toMatch(/email/i);
    expect(skipped).toContain('No prospect was updated.');

    const updated = await page('update_fill_empty');
    expect(updated).toMatch(/<dd data-count="updated">1<\/dd>/);
    const rows = /<table class="stack" id="report-updated">[\s\S]*?<\/table>/.exec(updated)?.[0] ?? '';
    expect(rows).toContain(`/prospects/${existing}"`);
    // The count links the prospects the import created (docs/importing.md, "The report").
    expect(updated).toMatch(/>1 prospect was imported<\/a> and 1 updated/);
    expect((await api('GET', `/prospects/${existing}`)).body.contact_title).toBe('CEO');
  });

  it('shows a dry run as one on the list and the job page, with what would have happened', async () => {
    const jobId = await uploadJob('Company,Email\nDry Co,dry@dry.example\nBad Co,not-an-email\n', 'dry.csv');
    await startImport(db, { workspaceId, jobId, mapping: ['company', 'contact_email'], dryRun: true });
    await runImportNow(db, { workspaceId, jobId });
    const page = decode((await browser.get(`${imports()}/${jobId}`)).text);
    expect(page).toContain('<h1');
    expect(page).toContain('Dry run report');
    expect(page).toContain('Dry run:</strong> nothing was imported');
    expect(page).toMatch(/<dt>Would be created<\/dt><dd data-count="created">1<\/dd>/);
    expect(page).toMatch(/<dt>Would be rejected<\/dt><dd data-count="rejected">1<\/dd>/);
    expect(page).not.toContain('prospects were imported');
    expect(page).not.toContain('1 prospect was imported');
    const list = decode((await browser.get(imports())).text);
    const row =
      new RegExp(
        `<tr>\\s*<td data-label="File" class="wrap"><a href="${imports()}/${jobId}">dry.csv[\\s\\S]*?</tr>`,
      ).exec(list)?.[0] ?? '';
    expect(row).toContain('Dry run');
    expect(row).toContain('1 would be created of 2');
    expect(row).toContain('1 would be rejected');
    expect(await db.query("select id from prospects where company = 'Dry Co'")).toEqual([]);
  });
});
