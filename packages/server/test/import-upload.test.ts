import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { ImportError, inspectImport, listImportJobs, startImport } from '../src/import/index.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { companies, importCsv, upload } from './import-helpers.js';

describe.each(testDatabaseKinds())('import upload and parsing on %s', (kind) => {
  let db: Database;
  let workspaceId: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Import')).id;
  });
  afterAll(() => db.close());

  const refused = async (content: Parameters<typeof upload>[2], maxBytes?: number) => {
    const before = (await db.query('select count(*)::int as n from import_file_chunks'))[0]?.n;
    const error = await upload(db, workspaceId, content, maxBytes).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportError);
    // Nothing of a refused upload is kept: no job listed, no chunk left.
    expect((await db.query('select count(*)::int as n from import_file_chunks'))[0]?.n).toBe(before);
    expect((await listImportJobs(db, { workspaceId })).every((j) => j.status !== 'receiving')).toBe(true);
    return error as ImportError;
  };

  it.each([
    ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'not_csv', /binary data/],
    ['an empty file', '', 'empty', /empty/],
    ['blank lines only', '\n\n  \n', 'no_header', /header row/],
    [
      'invalid UTF-8 on line 3',
      Buffer.concat([Buffer.from('Company\nA\nB\xff'.replace('\xff', '')), Buffer.from([0xff])]),
      'invalid_utf8',
      /line 3/,
    ],
    ['a quote never closed', 'Company,Notes\nA,"open\nB,x\n', 'not_csv', /never closed/],
  ] as const)('refuses %s with a clear message', async (_name, content, code, message) => {
    const error = await refused(content);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses a file over the limit while streaming, without reading the rest', async () => {
    const piece = Buffer.from(`${'x'.repeat(1023)}\n`);
    let pulled = 0;
    const endless = (async function* () {
      yield Buffer.from('Company\n');
      // 200 MB if read to the end.
      for (let i = 0; i < 200 * 1024; i += 1) {
        pulled += 1;
        yield piece;
      }
    })();
    const error = await refused(endless, 64 * 1024);
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/larger than the 0\.1 MiB/);
    expect(pulled).toBeLessThan(100);
  });

  it('finds a character split between two pieces valid, and a bad byte in the second piece on its line', async () => {
    const euro = Buffer.from('Company\nCaf\u00e9 \u20ac\n');
    const at = euro.indexOf(0xe2) + 1;
    const job = await upload(db, workspaceId, [euro.subarray(0, at), euro.subarray(at)]);
    expect(job.total_rows).toBe(1);
    const error = await refused([Buffer.from('Company\nA\n'), Buffer.from('B\nC\xc3(\n', 'latin1')]);
    expect(error.code).toBe('invalid_utf8');
    expect(error.message).toMatch(/line 4/);
  });

  it.each([
    ['comma', 'Company,Email\nAcme,a@acme.test\n', ','],
    ['semicolon', 'Company;Email\nAcme;a@acme.test\n', ';'],
    ['tab', 'Company\tEmail\nAcme\ta@acme.test\n', '\t'],
    ['semicolon with commas in quotes', '"Company, legal";Email\n"Acme, Inc";a@acme.test\n', ';'],
  ])('detects the %s delimiter', async (_name, csv, delimiter) => {
    const job = await upload(db, workspaceId, csv);
    expect(job.delimiter).toBe(delimiter);
    expect(job.total_rows).toBe(1);
  });

  it('reads a BOM, CRLF, quoted newlines and blank lines, with each row on the line it starts', async () => {
    const csv = '\uFEFFCompany,Notes\r\n"Acme\r\nLtd","two\nlines"\r\n\r\nGlobex,\r\n';
    const job = await upload(db, workspaceId, csv);
    expect(job.headers).toEqual(['Company', 'Notes']);
    const { preview } = await inspectImport(db, { workspaceId, jobId: job.id });
    expect(preview.map((p) => [p.line, p.values.company, p.values.notes])).toEqual([
      [2, 'Acme\r\nLtd', 'two\nlines'],
      [6, 'Globex', undefined],
    ]);
    // A lone CR ends a line too, and the rejected row's line is where it starts.
    const ws = (await createWorkspace(db, 'Lines')).id;
    const done = await importCsv(db, ws, 'Company,Website\rA,\n\nB,"bad\r\nurl"\r\nC,\n');
    const rejected = await db.query('select line from import_rejections where job_id = $1', [done.id]);
    expect(rejected).toEqual([{ line: 4 }]);
    expect(done.last_line).toBe(6);
  });

  it('refuses to start without a column for company, and imports once one is mapped', async () => {
    const csv = 'Firm,Email\nAcme,a@x.test\n';
    const job = await upload(db, workspaceId, csv);
    const { mapping } = await inspectImport(db, { workspaceId, jobId: job.id });
    expect(mapping).toEqual([null, 'contact_email']);
    await expect(
      startImport(db, { workspaceId, jobId: job.id, mapping, duplicates: 'skip' }),
    ).rejects.toMatchObject({
      code: 'no_company_column',
      message: expect.stringMatching(/Company/),
    });
    const ws = (await createWorkspace(db, 'Mapped')).id;
    const done = await importCsv(db, ws, csv, { mapping: ['company', 'contact_email'] });
    expect(done.created_count).toBe(1);
    expect(await companies(db, ws)).toEqual(['Acme']);
  });

  it('rejects a row wider than the header with its line, and keeps the others', async () => {
    const ws = (await createWorkspace(db, 'Wide')).id;
    const job = await importCsv(db, ws, 'Company,Email\nAcme,a@x.test\nBad,b@x.test,extra\nGlobex,\n');
    expect([job.created_count, job.rejected_count]).toEqual([2, 1]);
    const [rejection] = await db.query(
      'select line, column_name, reason from import_rejections where job_id = $1',
      [job.id],
    );
    expect(rejection).toEqual({
      line: 3,
      column_name: null,
      reason: expect.stringMatching(/3 fields but the header has 2/),
    });
  });
});
