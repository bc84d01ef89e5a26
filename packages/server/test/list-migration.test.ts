import { readProspectListQuery } from '@prospectkit/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { createPgliteDatabase } from '../src/db/pglite-database.js';
import { listProspectRows } from '../src/store/prospect-list.js';

const request = (query: Record<string, unknown>) => {
  const read = readProspectListQuery(query);
  if ('issues' in read) throw new Error('invalid');
  return read.request;
};

describe('migration 19: prospects stored before it are found without accents and sorted by company', () => {
  let db: Database | undefined;
  afterAll(async () => db?.close());

  it('rebuilds the search words of existing rows, folded, and indexes the sorts', {
    timeout: 120_000,
  }, async () => {
    db = await createPgliteDatabase();
    await migrate(db, { through: 17 });
    await db.query(`insert into workspaces (id, name) values ('ws_01', 'Acme')`);
    await db.query(
      `insert into prospects (id, workspace_id, company, contact_name, created_at, updated_at) values
        ('prs_1', 'ws_01', 'Société Générale', 'Zoë Straße', now(), now()),
        ('prs_2', 'ws_01', 'alpha', null, now(), now())`,
    );
    expect(await migrate(db)).toContain(19);
    const found = async (query: Record<string, unknown>) =>
      (await listProspectRows(db as Database, 'ws_01', request(query))).rows.map((r) => r.company);
    expect(await found({ search: 'societe' })).toEqual(['Société Générale']);
    expect(await found({ search: 'zoe strasse' })).toEqual(['Société Générale']);
    expect(await found({ sort: 'company_asc' })).toEqual(['alpha', 'Société Générale']);
    expect(await found({ sort: 'company_desc' })).toEqual(['Société Générale', 'alpha']);
  });
});
