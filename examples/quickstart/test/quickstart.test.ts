import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { describe, expect, it } from 'vitest';
import { runQuickstart } from '../src/run-quickstart.js';

describe.each(testDatabaseKinds())('quickstart end to end on %s', (kind) => {
  it('creates and lists a prospect through the SDK and receives a verified prospect.created event', async () => {
    const db = await openTestDatabase(kind);
    const lines: string[] = [];
    try {
      const event = await runQuickstart({ db, log: (line) => lines.push(line) });
      expect(event.event).toBe('prospect.created');
      expect(event.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(event.workspace_id).toMatch(/^ws_/);
      expect(event.data).toEqual({
        prospect_id: expect.stringMatching(/^prs_/),
        company: 'Acme Ltd',
        contact_email: 'ada@acme.example',
      });
      expect(lines.find((l) => l.startsWith('listed:'))).toContain('1 prospect(s): Acme Ltd');
    } finally {
      await db.close();
    }
  });
});
