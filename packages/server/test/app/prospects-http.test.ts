import { unescape as decode } from 'html-escaper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prospectFieldLabel } from '../../src/app/prospects/prospect-form.js';
import type { Database } from '../../src/db/database.js';
import { createTeammate } from '../../src/store/teammates.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

// Opening PGlite, migrating and signing in (argon2id) can take a while on a busy two-CPU machine.
vi.setConfig({ hookTimeout: 120_000 });

/** An event as the tests compare them: its kind and data, without ids and times. */
interface EventShape {
  type: string;
  data: Record<string, unknown>;
}

describe.each(testDatabaseKinds())('the app: prospects over HTTP (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let token: string;
  let browser: SettingsClient;
  const base = () => `/workspaces/${workspaceId}/prospects`;
  const api = (method: string, path: string, body?: unknown) =>
    call(`${app.origin}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });

  /** The events about a prospect, oldest first, with the prospect's own id replaced so two can be compared. */
  async function eventsOf(prospectId: string): Promise<EventShape[]> {
    const rows = await db.query<{ type: string; body: string }>(
      `select type, body from events where workspace_id = $1 order by occurred_at, id`,
      [workspaceId],
    );
    return rows
      .map((row) => ({ type: row.type, data: JSON.parse(row.body).data as Record<string, unknown> }))
      .filter((e) => e.data.prospect_id === prospectId)
      .map((e) => ({ type: e.type, data: { ...e.data, prospect_id: 'same' } }));
  }

  /** The error shown beside a field of a page, or `undefined`. */
  const fieldError = (page: string, name: string) => {
    const match = new RegExp(`id="f-${name.replace('.', '\\.')}-error">([^<]*)<`).exec(page);
    return match ? decode(match[1] as string) : undefined;
  };
  const inputValue = (page: string, name: string) => {
    const match = new RegExp(
      `id="f-${name.replace('.', '\\.')}" name="[^"]+" type="[^"]+" value="([^"]*)"`,
    ).exec(page);
    return match ? decode(match[1] as string) : undefined;
  };
  /**
   * The API's message for a field in the page's words: the same rule, naming the field by its label
   * (`The contact_email field must be…` is `Contact email must be…` beside the Contact email box).
   */
  const inPageWords = (apiMessage: string, field: string) =>
    apiMessage.replace(`The ${field} field`, prospectFieldLabel(field) as string);
  const prospectIdOf = (location: string | null) =>
    /\/prospects\/(prs_[0-9A-Z]{26})$/.exec(location ?? '')?.[1] as string;

  beforeAll(async () => {
    ({ db, app, workspaceId, token, browser } = await startWorkspaceApp(kind));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('shows an empty workspace how to add, import or call the API, with a curl line for this server', async () => {
    const page = await browser.get(base());
    expect(page.status).toBe(200);
    expect(page.text).toContain('No prospects yet');
    expect(page.text).toContain(`href="/workspaces/${workspaceId}/imports"`);
    expect(page.text).toContain(`href="/workspaces/${workspaceId}/prospects/new"`);
    expect(decode(page.text)).toContain(`curl -X POST ${app.origin}/api/v1/prospects`);
    expect(page.text).toMatch(/<a href="[^"]+\/prospects" aria-current="page">Prospects<\/a>/);
  });

  it('chooses the owner among teammates, keeps an owner id from another system, and names the owner', async () => {
    const grace = await createTeammate(db, {
      workspaceId,
      name: 'Grace Hopper',
      email: 'grace@acme.example',
    });
    const form = await browser.get(`${base()}/new`);
    expect(form.text).toMatch(/<select id="f-owner_id" name="owner_id"/);
    expect(form.text).toContain(`<option value="${grace.id}">Grace Hopper (grace@acme.example)</option>`);
    const added = await browser.submit(`${base()}/new`, base(), {
      company: 'Owned Ltd',
      contact_email: 'ada@owned.example',
      owner_id: grace.id,
    });
    const ownedId = prospectIdOf(added.location);
    const page = await browser.get(`${base()}/${ownedId}`);
    expect(page.text).toContain('<dt>Owner</dt><dd>Grace Hopper</dd>');
    expect(page.text).toContain(`href="/workspaces/${workspaceId}/inbox/new?prospect=${ownedId}"`);

    const foreign = await api('POST', '/prospects', { company: 'Foreign owner', owner_id: 'crm_42' });
    const edit = await browser.get(`${base()}/${foreign.body.id}/edit`);
    expect(edit.text).toContain('<option value="crm_42" selected>Other owner: crm_42</option>');
    expect((await browser.get(`${base()}/${foreign.body.id}`)).text).toContain(
      '<dt>Owner</dt><dd>crm_42</dd>',
    );
  });

  it('asks signed-out visitors to sign in, and refuses a form without the session CSRF token', async () => {
    expect((await new SettingsClient(app.origin).get(base())).location).toBe('/sign-in');
    const forged = await browser.request('POST', base(), { company: 'Forged Ltd' });
    expect(forged.status).toBe(403);
    expect(await db.query("select 1 from prospects where company = 'Forged Ltd'")).toEqual([]);
  });

  it('adds a prospect through the form with exactly the events the API emits for the same body', async () => {
    const form = {
      company: '  Globex  ',
      domain: 'globex.example',
      website: 'https://globex.example',
      location: 'Springfield',
      contact_name: 'Hank Scorpio',
      contact_email: 'hank@globex.example',
      owner_id: 'usr_7',
      notes: 'Met at the fair.',
      tags: ['enterprise', ' emea ', ''],
    };
    const added = await browser.submit(`${base()}/new`, base(), form);
    expect(added.status).toBe(303);
    const pageId = prospectIdOf(added.location);
    const viaApi = await api('POST', '/prospects', {
      ...form,
      tags: ['enterprise', ' emea '],
    });
    expect(viaApi.status).toBe(201);
    const [viaPage] = await db.query<Record<string, unknown>>('select * from prospects where id = $1', [
      pageId,
    ]);
    expect(viaPage).toMatchObject({ company: 'Globex', tags: ['enterprise', 'emea'], owner_id: 'usr_7' });
    expect((await api('GET', `/prospects/${pageId}`)).body).toMatchObject({
      ...viaApi.body,
      id: pageId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await eventsOf(pageId)).toEqual(await eventsOf(viaApi.body.id));
    expect(await eventsOf(pageId)).toEqual([
      {
        type: 'prospect.created',
        data: { prospect_id: 'same', company: 'Globex', contact_email: 'hank@globex.example' },
      },
    ]);
    const shown = await browser.get(added.location as string);
    expect(shown.text).toContain('Prospect added.');
    expect(shown.text).toContain('<code>prospect.created</code>');
  });

  it('refuses what the API refuses, with the API messages beside their fields, keeping what was typed', async () => {
    const form = {
      company: '   ',
      domain: 'not a host',
      website: 'https://:80',
      contact_email: 'nope',
      tags: ['vip', 'x'.repeat(51), ' vip', ''],
    };
    const refused = await browser.submit(`${base()}/new`, base(), form);
    expect(refused.status).toBe(422);
    const apiBody = {
      company: form.company,
      domain: form.domain,
      website: form.website,
      contact_email: form.contact_email,
      tags: ['vip', 'x'.repeat(51), ' vip'],
    };
    const viaApi = await api('POST', '/prospects', apiBody);
    expect(viaApi.status).toBe(422);
    for (const [field, messages] of Object.entries(viaApi.body.errors as Record<string, string[]>)) {
      expect(fieldError(refused.text, field), field).toBe(inPageWords(messages[0] as string, field));
    }
    expect(inputValue(refused.text, 'domain')).toBe('not a host');
    expect(inputValue(refused.text, 'contact_email')).toBe('nope');
    expect(inputValue(refused.text, 'tags.1')).toBe('x'.repeat(51));
    expect(inputValue(refused.text, 'tags.2')).toBe(' vip');
    expect(inputValue(refused.text, 'tags.3')).toBe('');
    // The schema passes but core's rules refuse: a duplicate after trimming, a blank company.
    const dup = await browser.submit(`${base()}/new`, base(), { company: 'Dup Ltd', tags: ['vip', ' vip'] });
    const dupApi = await api('POST', '/prospects', { company: 'Dup Ltd', tags: ['vip', ' vip'] });
    expect(dupApi.status).toBe(422);
    expect(fieldError(dup.text, 'tags.1')).toBe(inPageWords(dupApi.body.errors['tags.1'][0], 'tags.1'));
    expect(await db.query("select 1 from prospects where company in (' ', 'Dup Ltd')")).toEqual([]);
  });

  it('adds a tag box with "Add another tag" without saving anything', async () => {
    const before = await db.query('select id from prospects');
    const more = await browser.submit(`${base()}/new`, base(), {
      company: 'Initech',
      tags: ['one', ''],
      intent: 'add-tag',
    });
    expect(more.status).toBe(200);
    expect(inputValue(more.text, 'company')).toBe('Initech');
    expect(inputValue(more.text, 'tags.0')).toBe('one');
    expect(inputValue(more.text, 'tags.1')).toBe('');
    expect(inputValue(more.text, 'tags.2')).toBe('');
    expect(await db.query('select id from prospects')).toEqual(before);
  });

  it('edits as the API updates: the same stored prospect, and no event (updateProspect emits none)', async () => {
    const viaPage = (await api('POST', '/prospects', { company: 'Umbrella', tags: ['a'], notes: 'old' })).body
      .id as string;
    const viaApi = (await api('POST', '/prospects', { company: 'Umbrella', tags: ['a'], notes: 'old' })).body
      .id as string;
    const eventsBefore = await db.query('select id from events');
    const edited = await browser.submit(`${base()}/${viaPage}/edit`, `${base()}/${viaPage}`, {
      company: 'Umbrella Corp',
      domain: '',
      notes: '',
      contact_email: 'alice@umbrella.example',
      tags: ['a', 'b', ''],
    });
    expect(edited.status).toBe(303);
    const patched = await api('PATCH', `/prospects/${viaApi}`, {
      company: 'Umbrella Corp',
      domain: null,
      website: null,
      location: null,
      contact_name: null,
      contact_email: 'alice@umbrella.example',
      owner_id: null,
      notes: null,
      tags: ['a', 'b'],
    });
    expect(patched.status).toBe(200);
    const page = (await api('GET', `/prospects/${viaPage}`)).body;
    const { id: _a, created_at: _b, updated_at: _c, ...fields } = patched.body;
    expect(page).toMatchObject(fields);
    expect(page.notes).toBeNull();
    expect(await db.query('select id from events')).toEqual(eventsBefore);

    const refused = await browser.submit(`${base()}/${viaPage}/edit`, `${base()}/${viaPage}`, {
      company: '',
      website: 'ftp://umbrella.example',
      tags: ['a'],
    });
    expect(refused.status).toBe(422);
    const apiRefused = await api('PATCH', `/prospects/${viaApi}`, {
      company: '',
      website: 'ftp://umbrella.example',
    });
    expect(fieldError(refused.text, 'company')).toBe(
      inPageWords(apiRefused.body.errors.company[0], 'company'),
    );
    expect(fieldError(refused.text, 'website')).toBe(
      inPageWords(apiRefused.body.errors.website[0], 'website'),
    );
    expect(inputValue(refused.text, 'website')).toBe('ftp://umbrella.example');
    expect((await api('GET', `/prospects/${viaPage}`)).body.company).toBe('Umbrella Corp');
  });

  it('records outcomes with the merge rules and the events of POST /prospects/{id}/outcomes', async () => {
    const viaPage = (await api('POST', '/prospects', { company: 'Hooli' })).body.id as string;
    const viaApi = (await api('POST', '/prospects', { company: 'Hooli' })).body.id as string;
    const record = (form: Record<string, string>) =>
      browser.submit(`${base()}/${viaPage}/outcomes/new`, `${base()}/${viaPage}/outcomes`, form);

    // Booked with a meeting and a value; then Won with the meeting and value untouched (kept, not resent).
    expect(
      (
        await record({
          outcome: 'Meeting booked',
          meeting_at: '2026-12-01T15:00',
          value: '12,500.50',
          currency: 'eur',
        })
      ).status,
    ).toBe(303);
    await api('POST', `/prospects/${viaApi}/outcomes`, {
      outcome: 'Meeting booked',
      meeting_at: '2026-12-01T15:00:00Z',
      value_minor: 1250050,
      currency: 'EUR',
    });
    expect(
      (await record({ outcome: 'Won', meeting_at: '2026-12-01T15:00', value: '12500.50', currency: 'EUR' }))
        .status,
    ).toBe(303);
    await api('POST', `/prospects/${viaApi}/outcomes`, { outcome: 'Won' });
    // Clearing the value and currency, and moving the meeting.
    expect(
      (await record({ outcome: 'Won', meeting_at: '2026-12-02T09:30', value: '', currency: '' })).status,
    ).toBe(303);
    await api('POST', `/prospects/${viaApi}/outcomes`, {
      outcome: 'Won',
      meeting_at: '2026-12-02T09:30:00Z',
      value_minor: null,
      currency: null,
    });
    const pageEvents = await eventsOf(viaPage);
    expect(pageEvents).toEqual(await eventsOf(viaApi));
    expect(pageEvents.map((e) => e.type)).toEqual([
      'prospect.created',
      'prospect.outcome.updated',
      'opportunity.updated',
      'meeting.booked',
      'prospect.outcome.updated',
      'opportunity.updated',
      'opportunity.won',
      'prospect.outcome.updated',
      'opportunity.updated',
      'meeting.booked',
    ]);
    const outcome = (id: string) => api('GET', `/prospects/${id}`).then((r) => r.body.outcome);
    const { updated_at: _u, ...state } = await outcome(viaApi);
    expect(await outcome(viaPage)).toMatchObject(state);

    // A value without a currency: the API's merged-state rule, beside the currency field.
    const refused = await record({
      outcome: 'Won',
      meeting_at: '2026-12-02T09:30',
      value: '10',
      currency: '',
    });
    expect(refused.status).toBe(422);
    const apiRefused = await api('POST', `/prospects/${viaApi}/outcomes`, { value_minor: 1000 });
    expect(fieldError(refused.text, 'currency')).toBe(
      apiRefused.body.errors.currency[0]
        .replace('The currency field', 'Currency')
        .replace('value_minor', 'Opportunity value'),
    );
    expect(inputValue(refused.text, 'value')).toBe('10');
    const badValue = await record({
      outcome: 'Won',
      meeting_at: '2026-12-02T09:30',
      value: '1.234',
      currency: 'EUR',
    });
    expect(fieldError(badValue.text, 'value')).toBe('Enter at most 2 digits after the decimal point.');
    expect(await eventsOf(viaPage)).toEqual(pageEvents);

    const shown = await browser.get(`${base()}/${viaPage}`);
    expect(shown.text).toContain('Recorded outcomes, newest first');
    expect(shown.text.match(/<span class="status ok">Won<\/span>/g)?.length).toBeGreaterThanOrEqual(3);
    expect(shown.text).toContain('<code>opportunity.won</code>');
  });
});
