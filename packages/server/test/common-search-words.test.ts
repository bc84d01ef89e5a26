import { readProspectListQuery } from '@prospectkit/core';
import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../src/db/database.js';
import { isCommonSearch } from '../src/store/common-search-words.js';
import { listProspectRows } from '../src/store/prospect-list.js';
import { createProspects } from '../src/store/prospects.js';
import { createWorkspace } from '../src/store/workspaces.js';

// docs/pagination.md, "A common term beside a filter".
describe.each(testDatabaseKinds())('a common search term on %s', (kind) => {
  let db: Database;
  let workspaceId: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Common words')).id;
    const inputs = Array.from({ length: 300 }, (_, i) => ({
      company: `Company ${i}`,
      contact_email: i % 3 === 2 ? `person${i}@acme.example` : `person${i}@gmail.com`,
      tags: i % 10 === 0 ? ['vip'] : [],
    }));
    await db.transaction((tx) => createProspects(tx, workspaceId, inputs, new Date()));
    await db.query('analyze prospects');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is one whose words start lexemes ANALYZE found in at least 2% of the rows', async () => {
    // A new time each call: the statistics read at the last one would otherwise be reused.
    expect(await isCommonSearch(db, 'gmail', 1)).toBe(true);
    expect(await isCommonSearch(db, 'GMail', 2)).toBe(true);
    expect(await isCommonSearch(db, 'gmaïl', 3)).toBe(true);
    expect(await isCommonSearch(db, 'gm', 4)).toBe(true);
    expect(await isCommonSearch(db, 'gmail zzyzx', 5)).toBe(false);
    expect(await isCommonSearch(db, 'zzyzx', 6)).toBe(false);
    expect(await isCommonSearch(db, 'person1@gmail', 7)).toBe(false);
    expect(await isCommonSearch(db, 'gmail.com', 8)).toBe(false);
  });

  it('is tested row by row beside a filter, never read from its index, and finds the same rows', async () => {
    const statements: string[] = [];
    const spy: Sql = {
      query: (text, params, options) => {
        statements.push(text);
        return db.query(text, params, options);
      },
    };
    const list = async (query: Record<string, unknown>) => {
      const read = readProspectListQuery(query);
      if ('issues' in read) throw new Error('bad query');
      return (await listProspectRows(spy, workspaceId, read.request)).rows.map((row) => row.company);
    };
    const common = await list({ tag: ['vip'], search: 'gmail', per_page: '25' });
    expect(statements.at(-1)).toContain('is true');
    // Every tenth prospect is vip; those with a gmail address are the ones whose index is not 2 modulo 3.
    const expected = Array.from({ length: 300 }, (_, i) => i)
      .filter((i) => i % 10 === 0 && i % 3 !== 2)
      .reverse()
      .slice(0, 25)
      .map((i) => `Company ${i}`);
    expect(common).toEqual(expected);
    // `person120` starts one lexeme of 300 (`person10` would start eleven: common on this small list).
    const rare = await list({ tag: ['vip'], search: 'person120', per_page: '25' });
    expect(statements.at(-1)).not.toContain('is true');
    expect(rare).toEqual(['Company 120']);
  });
});
