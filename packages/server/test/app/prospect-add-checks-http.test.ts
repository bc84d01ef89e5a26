// The add and edit forms' own help beyond the API's rules (issue 27): a warning, with a link, before a second
// prospect with a contact email already in the workspace is added, and web addresses tidied where the intent is
// plain, saying what was changed. The API's rules stay as they are (the API still refuses the typed values).
import { unescape as decode } from 'html-escaper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import type { SettingsClient } from './settings-client.js';

vi.setConfig({ hookTimeout: 120_000 });

describe.each(testDatabaseKinds())('the app: checks of the add form (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let token: string;
  let browser: SettingsClient;
  const base = () => `/workspaces/${workspaceId}/prospects`;
  const api = (method: string, path: string, body?: unknown) =>
    call(`${app.origin}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });
  const count = async (company: string) =>
    (
      await db.query('select id from prospects where workspace_id = $1 and company = $2', [
        workspaceId,
        company,
      ])
    ).length;
  const inputValue = (page: string, name: string) =>
    decode(new RegExp(`id="f-${name}" name="[^"]+" type="[^"]+" value="([^"]*)"`).exec(page)?.[1] ?? '');

  beforeAll(async () => {
    ({ db, app, workspaceId, token, browser } = await startWorkspaceApp(kind));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('warns about a contact email already here, links that prospect, and adds only on "Add anyway"', async () => {
    const existing = await api('POST', '/prospects', {
      company: 'Acme',
      contact_name: 'Ada Lovelace',
      contact_email: 'Ada@Acme.example',
    });
    expect(existing.status).toBe(201);
    const form = { company: 'Acme EMEA', contact_email: 'ada@acme.EXAMPLE', tags: [''] };
    const warned = await browser.submit(`${base()}/new`, base(), form);
    expect(warned.status).toBe(200);
    expect(await count('Acme EMEA')).toBe(0);
    const text = decode(warned.text);
    expect(text).toContain('role="alert" id="duplicate-warning"');
    expect(text).toContain(
      `<a href="${base()}/${existing.body.id}">Acme (Ada Lovelace)</a> already has the contact email`,
    );
    expect(text).toContain(`name="duplicate_of" value="${existing.body.id}"`);
    expect(inputValue(warned.text, 'company')).toBe('Acme EMEA');

    // Enter (the form's default button) saves as before: the warning again, nothing added.
    expect((await browser.submit(`${base()}/new`, base(), form)).status).toBe(200);
    // "Add anyway" naming another prospect (the email changed meanwhile to a third one's) warns again.
    const other = await api('POST', '/prospects', { company: 'Other', contact_email: 'bob@other.example' });
    const stale = await browser.submit(`${base()}/new`, base(), {
      ...form,
      contact_email: 'bob@other.example',
      intent: 'add-duplicate',
      duplicate_of: existing.body.id,
    });
    expect(decode(stale.text)).toContain(`name="duplicate_of" value="${other.body.id}"`);
    expect(await count('Acme EMEA')).toBe(0);

    const added = await browser.submit(`${base()}/new`, base(), {
      ...form,
      intent: 'add-duplicate',
      duplicate_of: existing.body.id,
    });
    expect(added.status).toBe(303);
    expect(await count('Acme EMEA')).toBe(1);
    // A new email, or none, is added at once.
    expect(
      (
        await browser.submit(`${base()}/new`, base(), {
          company: 'Fresh',
          contact_email: 'new@fresh.example',
        })
      ).status,
    ).toBe(303);
    expect((await browser.submit(`${base()}/new`, base(), { company: 'No email' })).status).toBe(303);
  });

  it('saves a URL typed as the domain as its host and a bare website with https://, and says so', async () => {
    const typed = { company: 'Tidy Ltd', domain: 'https://www.tidy.example/', website: 'www.tidy.example' };
    // The API's rules are unchanged: it refuses both as typed.
    const refused = await api('POST', '/prospects', typed);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['domain', 'website']);

    const added = await browser.submit(`${base()}/new`, base(), typed);
    expect(added.status).toBe(303);
    const id = /prs_[0-9A-Z]{26}$/.exec(added.location ?? '')?.[0] as string;
    expect((await api('GET', `/prospects/${id}`)).body).toMatchObject({
      domain: 'tidy.example',
      website: 'https://www.tidy.example',
    });
    const shown = decode((await browser.get(added.location as string)).text);
    expect(shown).toContain(
      'Prospect added. Domain “https://www.tidy.example/” was saved as “tidy.example”. Website “www.tidy.example” was saved as “https://www.tidy.example”.',
    );

    // Refused for another reason: the boxes show the tidied values and the page says what it changed.
    const again = await browser.submit(`${base()}/${id}/edit`, `${base()}/${id}`, {
      company: '',
      domain: 'http://Tidy.example/about',
    });
    expect(again.status).toBe(422);
    expect(inputValue(again.text, 'domain')).toBe('tidy.example');
    expect(decode(again.text)).toContain('Domain “http://Tidy.example/about” was changed to “tidy.example”.');
    // A value whose intent is not plain is left for the API's message.
    const unclear = await browser.submit(`${base()}/${id}/edit`, `${base()}/${id}`, {
      company: 'Tidy Ltd',
      domain: 'tidy',
      website: 'tidy',
    });
    expect(unclear.status).toBe(422);
    expect(inputValue(unclear.text, 'website')).toBe('tidy');
  });
});
