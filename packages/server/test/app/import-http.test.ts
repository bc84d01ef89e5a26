import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createImportRunner, listImportJobs } from '../../src/import/index.js';
import { createLogger } from '../../src/start-server.js';
import { createProspects } from '../../src/store/prospects.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { type UploadFile, type UploadPart, uploadCsv, uploadParts } from './import-upload.js';
import { PASSWORD, type startApp, startWorkspaceApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

// Opening and migrating a database on a busy two-CPU machine can take a while.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const CSV =
  'Company name;Web;E-mail\nAcme GmbH;acme.example;anna@acme.example\nGlobex;globex.example;not-an-email\n';

describe.each(testDatabaseKinds())('import pages over HTTP (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let client: SettingsClient;
  const imports = () => `/workspaces/${workspaceId}/imports`;
  const jobs = async () => listImportJobs(db, { workspaceId, limit: 100 });

  beforeAll(async () => {
    ({
      db,
      app,
      workspaceId,
      browser: client,
    } = await startWorkspaceApp(kind, { importMaxBytes: 1024 * 1024 }));
    otherWorkspaceId = (await createWorkspace(db, 'Other team')).id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('shows the upload form, a multipart form whose CSRF field comes before the file', async () => {
    const page = await client.get(imports());
    expect(page.status).toBe(200);
    expect(page.text).toContain('enctype="multipart/form-data"');
    expect(page.text.indexOf('name="_csrf"', page.text.indexOf('enctype'))).toBeLessThan(
      page.text.indexOf('type="file"'),
    );
    expect(page.text).toContain('at most 1 MiB');
    expect(page.text).toContain('No imports yet.');
  });

  it('refuses an upload without the token, with a wrong one, or with the file before it, and keeps nothing', async () => {
    const token = await client.csrf(imports());
    const file: UploadPart = ['file', { name: 'leads.csv', content: CSV }];
    const refused: UploadPart[][] = [[file], [['_csrf', 'x'.repeat(64)], file], [file, ['_csrf', token]]];
    for (const parts of refused) {
      const answer = await uploadParts(client, imports(), parts);
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('Form not accepted');
    }
    // Another session's token is not this one's either.
    const other = new SettingsClient(app.origin);
    await other.signIn(PASSWORD);
    expect((await uploadParts(other, imports(), [['_csrf', token], file])).status).toBe(403);
    expect(await jobs()).toEqual([]);
  });

  it('answers a bad file with the reason beside the field, and keeps nothing', async () => {
    const token = await client.csrf(imports());
    const cases: Array<[string, UploadFile, number, RegExp]> = [
      ['no file chosen', { name: '', content: '' }, 422, /Choose a CSV file to upload\./],
      [
        'binary',
        { name: 'photo.csv', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]) },
        422,
        /./,
      ],
      [
        'too large',
        { name: 'big.csv', content: `company\n${'Acme\n'.repeat(250_000)}` },
        413,
        /larger than the 1 MiB/,
      ],
    ];
    for (const [name, file, status, message] of cases) {
      const answer = await uploadParts(client, imports(), [
        ['_csrf', token],
        ['file', file],
      ]);
      expect([name, answer.status]).toEqual([name, status]);
      expect(answer.text).toContain('class="field-error"');
      expect(answer.text).toContain('aria-invalid="true"');
      expect(answer.text).toMatch(message);
      expect(answer.text).not.toMatch(/Error:|at \w+ \(/);
    }
    expect(await jobs()).toEqual([]);
  });

  it('stores a good file and shows its mapping, and only this workspace sees the job', async () => {
    const answer = await uploadCsv(client, imports(), { name: 'leads.csv', content: CSV });
    expect(answer.status).toBe(303);
    const [job] = await jobs();
    expect(answer.location).toBe(`${imports()}/${job?.id}`);
    const mapping = await client.get(answer.location as string);
    expect(mapping.status).toBe(200);
    expect(mapping.text).toContain('Semicolon (;)');
    expect(mapping.text).toMatch(/<option value="company" selected>/);

    const elsewhere = `/workspaces/${otherWorkspaceId}/imports/${job?.id}`;
    for (const path of [elsewhere, `${elsewhere}/progress`, `${elsewhere}/report.csv`]) {
      expect((await client.get(path)).status).toBe(404);
    }
    const start = await client.submit(imports(), `${elsewhere}/start`, { column_0: 'company' });
    expect(start.status).toBe(404);
  });

  it('refuses to start without the token, or with no column for Company', async () => {
    const [job] = await jobs();
    const jobUrl = `${imports()}/${job?.id}`;
    const noToken = await client.request('POST', `${jobUrl}/start`, { column_0: 'company' });
    expect(noToken.status).toBe(403);
    const noCompany = await client.submit(jobUrl, `${jobUrl}/start`, { column_0: '', column_1: 'domain' });
    expect(noCompany.status).toBe(422);
    expect(noCompany.text).toContain('No column is mapped to Company');
    expect(noCompany.text).toMatch(/data-start-import disabled/);
    expect((await jobs())[0]?.status).toBe('uploaded');
  });

  it('starts, reports progress as JSON, and streams the report as an attachment', async () => {
    const [job] = await jobs();
    const jobUrl = `${imports()}/${job?.id}`;
    const preview = await client.submit(jobUrl, `${jobUrl}/preview`, {
      column_0: 'company',
      column_1: 'domain',
      column_2: 'contact_email',
    });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Will be rejected');
    const started = await client.submit(jobUrl, `${jobUrl}/start`, {
      column_0: 'company',
      column_1: 'domain',
      column_2: 'contact_email',
      duplicates: 'skip',
    });
    expect([started.status, started.location]).toEqual([303, jobUrl]);
    const runner = createImportRunner({ db, logger: createLogger('silent') });
    await runner.runOnce();
    const progress = JSON.parse((await client.get(`${jobUrl}/progress`)).text);
    expect(progress).toEqual({
      status: 'succeeded',
      rows_done: 2,
      total_rows: 2,
      created_count: 1,
      skipped_count: 0,
      updated_count: 0,
      rejected_count: 1,
    });
    const report = await client.get(`${jobUrl}/report.csv`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(report.headers.get('content-disposition')).toBe(
      `attachment; filename=import-report-${job?.id}.csv`,
    );
    expect(report.text).toMatch(/^line,column,reason,outcome,prospect_id\r\n3,E-mail,/);
    const page = await client.get(jobUrl);
    expect(page.text).toContain('Import finished');
    expect(page.text).not.toContain('http-equiv="refresh"');
  });

  it("opens the prospects the import created from the report's count, and no others", async () => {
    const [job] = await jobs();
    const jobUrl = `${imports()}/${job?.id}`;
    await db.transaction((tx) =>
      createProspects(tx, workspaceId, [{ company: 'Added by hand Ltd' }], new Date()),
    );
    const report = await client.get(jobUrl);
    expect(report.text).toContain(`<a href="${jobUrl}/prospects">1 prospect was imported</a>`);
    expect(report.text).toContain('See the imported prospects');
    const listed = await client.get(`${jobUrl}/prospects`);
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('Acme GmbH');
    expect(listed.text).toContain('anna@acme.example');
    expect(listed.text).not.toContain('Added by hand Ltd');
    expect(listed.text).not.toContain('rel="next"');
    // Past the last one: an empty page that links back to the first, never an error.
    const after = await client.get(`${jobUrl}/prospects?after=${encodeURIComponent('prs_zzzzzzzzzz')}`);
    expect(after.status).toBe(200);
    expect(after.text).toContain('From the first');
    expect(after.text).not.toContain('Acme GmbH');
    // Under another workspace's address, this import is not found.
    expect((await client.get(`/workspaces/${otherWorkspaceId}/imports/${job?.id}/prospects`)).status).toBe(
      404,
    );
  });
});
