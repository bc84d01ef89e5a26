import { unescape as decode } from 'html-escaper';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { listAudit } from '../../src/store/audit-log.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { call } from '../http-helpers.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import type { SettingsClient } from './settings-client.js';

// Opening PGlite, migrating and signing in (argon2id) can take a while on a busy two-CPU machine.
vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });

describe.each(testDatabaseKinds())('the app: custom fields (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let token: string;
  let browser: SettingsClient;
  const fields = () => `/workspaces/${workspaceId}/settings/fields`;
  const prospects = () => `/workspaces/${workspaceId}/prospects`;
  const api = (method: string, path: string, body?: unknown) =>
    call(`${app.origin}/api/v1`, method, path, { token, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    ({ db, app, workspaceId, token, browser } = await startWorkspaceApp(kind));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('adds fields under Workspace settings → Fields, audit-logged, and refuses a key that exists', async () => {
    const empty = await browser.get(fields());
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No custom fields yet.');
    expect(empty.text).toMatch(/aria-current="page">Fields<\/a>/);
    const stage = await browser.submit(fields(), fields(), {
      label: 'Lifecycle stage',
      key: '',
      type: 'single_select',
      options: 'Lead\nCustomer',
    });
    expect(stage.status).toBe(303);
    await browser.submit(fields(), fields(), { label: 'Employees', key: '', type: 'number', options: '' });
    const again = await browser.submit(fields(), fields(), {
      label: 'Stage',
      key: 'lifecycle_stage',
      type: 'text',
      options: '',
    });
    expect(again.status).toBe(422);
    expect(decode(again.text)).toContain('A field with the key lifecycle_stage exists: choose another key.');
    const list = await browser.get(fields());
    expect(list.text).toContain('<code>lifecycle_stage</code>');
    expect(list.text).toContain('Lead, Customer');
    const audit = await listAudit(db, { workspaceId, limit: 10 });
    expect(audit.data.map((e) => [e.action, e.target_id])).toEqual(
      expect.arrayContaining([
        ['custom_field.added', 'lifecycle_stage'],
        ['custom_field.added', 'employees'],
      ]),
    );
  });

  it('the prospect form edits them, the page shows them, errors use the field labels', async () => {
    const form = await browser.get(`${prospects()}/new`);
    expect(form.text).toContain('<legend>Custom fields</legend>');
    expect(form.text).toContain('name="cf_lifecycle_stage"');
    const bad = await browser.submit(`${prospects()}/new`, prospects(), {
      company: 'Acme',
      cf_lifecycle_stage: 'Lead',
      cf_employees: 'many',
    });
    expect(bad.status).toBe(422);
    expect(decode(bad.text)).toContain('Employees must be a number.');
    const added = await browser.submit(`${prospects()}/new`, prospects(), {
      company: 'Acme',
      cf_lifecycle_stage: 'Customer',
      cf_employees: '120',
    });
    expect(added.status).toBe(303);
    const id = /\/prospects\/(prs_[0-9A-Z]{26})$/.exec(added.location ?? '')?.[1] as string;
    const page = await browser.get(`${prospects()}/${id}`);
    expect(page.text).toContain('<dt>Lifecycle stage</dt><dd>Customer</dd>');
    expect(page.text).toContain('<dt>Employees</dt><dd>120</dd>');
    const read = await api('GET', `/prospects/${id}`);
    expect(read.body.custom_fields).toEqual({ lifecycle_stage: 'Customer', employees: 120 });
    const edit = await browser.get(`${prospects()}/${id}/edit`);
    expect(edit.text).toContain('<option value="Customer" selected>Customer</option>');
  });

  it('removing a field removes its value from every prospect, audit-logged', async () => {
    const created = await api('POST', '/prospects', { company: 'Beta', custom_fields: { employees: 9 } });
    expect(created.body.custom_fields).toEqual({ employees: 9 });
    const removed = await browser.submit(fields(), `${fields()}/employees/remove`, {});
    expect(removed.status).toBe(303);
    expect((await api('GET', `/prospects/${created.body.id}`)).body.custom_fields).toEqual({});
    const refused = await api('PATCH', `/prospects/${created.body.id}`, { custom_fields: { employees: 1 } });
    expect(refused.status).toBe(422);
    const audit = await listAudit(db, { workspaceId, limit: 10 });
    expect(audit.data.map((e) => e.action)).toContain('custom_field.removed');
  });
});
