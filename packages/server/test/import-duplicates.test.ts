import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import type { DuplicatePolicy } from '../src/import/index.js';
import { matchDuplicates, SEEN_LIMIT, type SeenKeys } from '../src/import/match-duplicates.js';
import type { PreparedRow } from '../src/import/row-preparer.js';
import { readImportRejections } from '../src/store/import-rejections.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { importCsv } from './import-helpers.js';

// docs/importing.md, "Duplicates": a row matches an earlier row of the file as it would match the prospect that
// row created, so where the batches end changes nothing.
const existing =
  'Company,Name,Email,Domain\nHooli,Gavin Belson,,\nUmbrella,,,umbrella.test\n' +
  'Pied Piper,Richard Hendricks,,\nPied Piper,Richard Hendricks,richard@piedpiper.test,\n';
const csv =
  'Company,Name,Email,Domain\n' +
  'Acme,Ada Lovelace,ada@acme.test,\n' + // 2: created (its domain acme.test derived from the email)
  'Acme,ADA LOVELACE,,\n' + // 3: a person without email: the name at the company of line 2
  'Globex,Grace Hopper,grace@globex.test,globex.test\n' + // 4: created
  'Globex,,,GLOBEX.test\n' + // 5: a company-only row: the domain of line 4's person
  'Initech,,,initech.test\n' + // 6: created
  'Initech,Peter Gibbons,peter@initech.test,initech.test\n' + // 7: a person matches on email only: created
  'Initech Corp,,,initech.test\n' + // 8: the domain of line 6, the oldest
  'Hooli,Gavin Belson,gavin@hooli.test,\n' + // 9: created (matched on email only)
  'Hooli,gavin belson,,\n' + // 10: the name at the company of the older prospect, not of line 9
  'Umbrella,Alice Abernathy,alice@umbrella.test,umbrella.test\n' + // 11: created
  'Umbrella,,,umbrella.test\n' + // 12: the domain of the older prospect, not of line 11
  'Stark,Tony Stark,tony@stark.test,\n' + // 13: created
  'Wayne,Bruce Wayne,bruce@wayne.test,\n' + // 14: created
  'Stark,Tony S.,TONY@stark.test,\n' + // 15: the email of line 13, two rows back
  'Oscorp,,,oscorp.test\n' + // 16: created
  'Wayne,Bruce W.,bruce@WAYNE.test,\n' + // 17: the email of line 14, three rows back
  'Oscorp Inc,,,oscorp.test\n' + // 18: the domain of line 16
  'Stark,TONY STARK,,\n' + // 19: the name at the company of line 13
  'Acme,,,acme.test\n' + // 20: the domain of line 2
  'Pied Piper,R. Hendricks,RICHARD@piedpiper.test,\n' + // 21: the email of the younger Richard Hendricks
  'Pied Piper,richard hendricks,,\n'; // 22: the name at the company of the older one, whatever shares the batch

describe.each(testDatabaseKinds())('import duplicates on %s', { timeout: 120_000 }, (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db.close());

  /** Imports `csv` after `existing` into a new workspace; the counts and report, prospect ids as P<n> (oldest first). */
  async function run(batchSize: number, dryRun: boolean, duplicates: DuplicatePolicy = 'skip') {
    const ws = (await createWorkspace(db, `Duplicates ${batchSize}`)).id;
    await importCsv(db, ws, existing);
    const job = await importCsv(db, ws, csv, { batchSize, dryRun, duplicates });
    const ids = await db.query<{ id: string }>(
      'select id from prospects where workspace_id = $1 order by created_at, id',
      [ws],
    );
    const label = (text: string) => ids.reduce((t, { id }, n) => t.replaceAll(id, `P${n}`), text);
    const lines: string[] = [];
    for await (const l of readImportRejections(db, job.id))
      lines.push(label(`${l.line} ${l.outcome} ${l.prospect_id ?? '-'} ${l.reason}`));
    return { counts: [job.created_count, job.skipped_count, job.updated_count, job.rejected_count], lines };
  }

  it.each([false, true])(
    'gives the same counts and report whatever the batch size (dry run: %s)',
    async (dryRun) => {
      const [one, ...others] = [
        await run(1, dryRun),
        await run(2, dryRun),
        await run(3, dryRun),
        await run(500, dryRun),
      ];
      expect(one?.counts).toEqual([9, 12, 0, 0]);
      // P0 to P3 are the prospects there before; the file's created rows follow in line order.
      const p = (n: number) => (dryRun ? '' : ` (prospect P${n})`);
      const id = (n: number) => (dryRun ? '-' : `P${n}`);
      expect(one?.lines).toEqual([
        `3 skipped ${id(4)} Skipped as a duplicate: the same contact name at the same company as line 2 of this file${p(4)}.`,
        `5 skipped ${id(5)} Skipped as a duplicate: the same domain (a row without a person) as line 4 of this file${p(5)}.`,
        `8 skipped ${id(6)} Skipped as a duplicate: the same domain (a row without a person) as line 6 of this file${p(6)}.`,
        '10 skipped P0 Skipped as a duplicate: the same contact name at the same company as prospect P0.',
        '12 skipped P1 Skipped as a duplicate: the same domain (a row without a person) as prospect P1.',
        `15 skipped ${id(10)} Skipped as a duplicate: the same contact email as line 13 of this file${p(10)}.`,
        `17 skipped ${id(11)} Skipped as a duplicate: the same contact email as line 14 of this file${p(11)}.`,
        `18 skipped ${id(12)} Skipped as a duplicate: the same domain (a row without a person) as line 16 of this file${p(12)}.`,
        `19 skipped ${id(10)} Skipped as a duplicate: the same contact name at the same company as line 13 of this file${p(10)}.`,
        `20 skipped ${id(4)} Skipped as a duplicate: the same domain (a row without a person) as line 2 of this file${p(4)}.`,
        '21 skipped P3 Skipped as a duplicate: the same contact email as prospect P3.',
        '22 skipped P2 Skipped as a duplicate: the same contact name at the same company as prospect P2.',
      ]);
      for (const other of others) expect(other).toEqual(one);
    },
  );

  it('updates the same prospects whatever the batch size', async () => {
    const [one, ...others] = [
      await run(1, false, 'update_fill_empty'),
      await run(2, false, 'update_fill_empty'),
      await run(500, false, 'update_fill_empty'),
    ];
    expect(one?.counts).toEqual([9, 0, 12, 0]);
    for (const other of others) expect(other).toEqual(one);
  });

  it('past the run-wide limit of keys, still matches a row with an earlier row of its own batch', async () => {
    const ws = (await createWorkspace(db, 'Duplicates past the limit')).id;
    // A run that has remembered SEEN_LIMIT keys already remembers no more run-wide.
    const seen: SeenKeys = new Map();
    for (let i = 0; i < SEEN_LIMIT; i++)
      seen.set(`email\u001fearlier-${i}@x.test`, { line: i + 2, prospectId: null });
    const row = (line: number, input: Partial<NonNullable<PreparedRow['input']>>) =>
      ({ line, endLine: line, issues: [], input: { company: 'Acme', ...input } }) as PreparedRow & {
        input: NonNullable<PreparedRow['input']>;
      };
    const rows = [
      row(50_002, { contact_email: 'ada@acme.test' }),
      row(50_003, { contact_email: 'ADA@acme.test' }),
      row(50_004, { contact_name: 'Ada Lovelace', contact_email: 'ada2@acme.test', domain: 'acme.test' }),
      row(50_005, { domain: 'ACME.test' }),
    ];
    const [first, second, third, fourth] = await matchDuplicates(db, ws, rows, seen, {
      dryRun: false,
      now: new Date(),
    });
    expect(first?.newId).toMatch(/^prs_/);
    expect(second?.match).toEqual({ kind: 'email', prospectId: first?.newId, line: 50_002 });
    expect(third?.newId).toMatch(/^prs_/);
    expect(fourth?.match).toEqual({ kind: 'domain', prospectId: third?.newId, line: 50_004 });
    // The run-wide map stays at its limit.
    expect(seen.size).toBe(SEEN_LIMIT);
  });
});
