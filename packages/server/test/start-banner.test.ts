import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { startBanner } from '../src/start-banner.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { openTestDatabase } from '../src/testing/index.js';

// Issue 24, also noted: in production the listener ran without STARTTLS and the banner did not say so.
describe('the start banner on inbound mail', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await createWorkspace(db, 'Acme');
  });
  afterAll(() => db?.close());

  const banner = (production: boolean, tls: boolean) =>
    startBanner({
      db,
      production,
      baseUrl: 'https://api.example.com/api/v1',
      appUrl: 'https://api.example.com/',
      databaseLabel: 'PostgreSQL',
      generatedAdminPassword: undefined,
      adminPasswordConfigured: true,
      mail: { listening: { host: '0.0.0.0', port: 25 }, inboundDomain: 'in.example.com', relay: true, tls },
    });

  it('warns in production when the listener offers no STARTTLS', async () => {
    expect(await banner(true, false)).toMatch(
      /Warning: inbound mail is not encrypted \(no STARTTLS\): set PROSPECTKIT_SMTP_TLS_CERT and PROSPECTKIT_SMTP_TLS_KEY/,
    );
  });

  it('says nothing of it with a certificate, or outside production', async () => {
    expect(await banner(true, true)).not.toContain('not encrypted');
    expect(await banner(false, false)).not.toContain('not encrypted');
  });
});
