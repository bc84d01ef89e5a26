import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import {
  cancelImport,
  createImportRunner,
  getImportJob,
  type ImportJob,
  importReportCsv,
  inspectImport,
  rememberedMapping,
  startImport,
} from '../src/import/index.js';
import { addCustomField, listCustomFields } from '../src/store/custom-fields.js';
import { readImportRejections } from '../src/store/import-rejections.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { importCsv, quietLogger, upload } from './import-helpers.js';

const prospects = (db: Database, workspaceId: string) =>
  db.query<Record<string, unknown>>(
    `select id, company, domain, contact_name, contact_email, contact_title, notes, tags, custom_fields
     from prospects where workspace_id = $1 order by created_at, id`,
    [workspaceId],
  );

const report = async (db: Database, jobId: string) => {
  const lines = [];
  for await (const line of readImportRejections(db, jobId)) lines.push(line);
  return lines;
};

const events = async (db: Database, workspaceId: string) =>
  (
    await db.query<{ n: number }>('select count(*)::int as n from events where workspace_id = $1', [
      workspaceId,
    ])
  )[0]?.n;

// docs/importing.md: the mapping, the duplicates, the domain, the report, dry runs and remembered mappings.
describe.each(testDatabaseKinds())('import mapping and duplicates on %s', { timeout: 120_000 }, (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db.close());
  const workspace = async () => (await createWorkspace(db, 'Mapping')).id;

  it('combines columns: names joined in column order, notes as Header: value lines, tags as one union', async () => {
    const ws = await workspace();
    const csv =
      'First Name,Last Name,Company,Lead Status,Source,Tags,Segment\n' +
      'Zoë,Saldaña-Núñez,"Acme, Inc.",Open,Webinar,"a; b",b|c\n' +
      '山田,太郎,Globex,,Referral,,\n';
    const mapping = ['contact_name', 'contact_name', 'company', 'notes', 'notes', 'tags', 'tags'] as const;
    const job = await importCsv(db, ws, csv, { mapping: [...mapping] });
    expect([job.created_count, job.rejected_count]).toEqual([2, 0]);
    const [a, b] = await prospects(db, ws);
    expect(a).toMatchObject({
      company: 'Acme, Inc.',
      contact_name: 'Zoë Saldaña-Núñez',
      notes: 'Lead Status: Open\nSource: Webinar',
      tags: ['a', 'b', 'c'],
    });
    expect(b).toMatchObject({ contact_name: '山田 太郎', notes: 'Source: Referral', tags: [] });
  });

  it('fills custom fields, creates new ones at the start, and rejects a wrong value naming the field', async () => {
    const ws = await workspace();
    await addCustomField(
      db,
      ws,
      { key: 'seniority', label: 'Seniority', type: 'single_select', options: ['VP', 'Director'] },
      new Date(),
    );
    const csv = 'Company,Seniority,Employees,Newsletter\nA,VP,120,yes\nB,Intern,12,no\nC,,many,\n';
    const job = await importCsv(db, ws, csv, {
      mapping: ['company', 'custom:seniority', null, null],
      newFields: [
        { column: 2, key: 'employees', label: 'Employees', type: 'number' },
        { column: 3, key: 'newsletter', label: 'Newsletter', type: 'checkbox' },
      ],
    });
    expect([job.created_count, job.rejected_count]).toEqual([1, 2]);
    expect((await listCustomFields(db, ws)).map((f) => f.key)).toEqual([
      'seniority',
      'employees',
      'newsletter',
    ]);
    expect((await prospects(db, ws))[0]?.custom_fields).toEqual({
      seniority: 'VP',
      employees: 120,
      newsletter: true,
    });
    expect((await report(db, job.id)).map((r) => [r.line, r.column_name, r.outcome])).toEqual([
      [3, 'Seniority', 'rejected'],
      [4, 'Employees', 'rejected'],
    ]);
    expect((await report(db, job.id))[1]?.reason).toMatch(/^Employees /);
  });

  it('refuses, before anything is written, a new field whose key exists, naming every problem', async () => {
    const ws = await workspace();
    await addCustomField(db, ws, { key: 'stage', label: 'Stage', type: 'text', options: [] }, new Date());
    const job = await upload(db, ws, 'Company,Account,Stage,Status\nA,B,C,D\n');
    const start = startImport(db, {
      workspaceId: ws,
      jobId: job.id,
      mapping: ['company', 'company', null, null],
      newFields: [
        { column: 2, key: 'stage', label: 'Stage', type: 'text' },
        { column: 3, key: 'status', label: 'Status', type: 'text' },
      ],
    });
    await expect(start).rejects.toMatchObject({ code: 'invalid_mapping' });
    const problems = await start.catch((e) => e.problems);
    expect(problems.map((p: { message: string }) => p.message)).toEqual([
      '"Company" and "Account" both map to Company, which takes one column: choose one of them (only Contact name, Notes and Tags combine several).',
      'The field to create from column "Stage" has the key "stage", which the workspace\'s field "Stage" already has: map the column to that field, or choose another key.',
    ]);
    expect((await listCustomFields(db, ws)).map((f) => f.key)).toEqual(['stage']);
    expect((await getImportJob(db, { workspaceId: ws, jobId: job.id }))?.status).toBe('uploaded');
  });

  it('asks for the unmapped columns to be confirmed when the page requires it', async () => {
    const ws = await workspace();
    const job = await upload(db, ws, 'Company,Fax\nA,1\n');
    const start = (acknowledgedUnmapped?: boolean) =>
      startImport(db, {
        workspaceId: ws,
        jobId: job.id,
        mapping: ['company', null],
        requireAcknowledgement: true,
        acknowledgedUnmapped,
      });
    await expect(start()).rejects.toMatchObject({
      code: 'unacknowledged_unmapped',
      message: expect.stringContaining('"Fax"'),
    });
    await expect(start(true)).resolves.toMatchObject({ status: 'queued' });
    // Not run: the runners of the next tests take the oldest queued job.
    await cancelImport(db, { workspaceId: ws, jobId: job.id });
  });

  it('creates colleagues, matches a person without email on name at the company, and reports every skipped row', async () => {
    const ws = await workspace();
    await importCsv(
      db,
      ws,
      'Company,Name,Email,Domain\nAcme,Ada Lovelace,ada@acme.test,\nAcme,Grace Hopper,,\nInitech,,,initech.test\n',
    );
    const csv =
      'Company,Name,Email,Domain\n' +
      'Acme,Alan Turing,alan@acme.test,\n' + // colleague: new email at the same domain → created
      'Acme,Edsger Dijkstra,edsger@acme.test,\n' + // another colleague → created
      'Acme,GRACE HOPPER,,\n' + // person without email, same name at the company → skipped
      'Globex,Grace Hopper,,\n' + // same name, other company → created
      'Initech,,,INITECH.test\n' + // company-only row, same domain → skipped
      'Acme,Ada L.,ADA@acme.test,\n' + // same email → skipped
      'Acme,Alan T.,alan@ACME.test,\n'; // same email as line 2 of this file → skipped
    const job = await importCsv(db, ws, csv, { batchSize: 3 });
    expect([job.created_count, job.skipped_count, job.updated_count, job.rejected_count]).toEqual([
      3, 4, 0, 0,
    ]);
    const ids = new Map(
      (await prospects(db, ws)).map((p) => [`${p.company}/${p.contact_name ?? p.domain}`, p.id]),
    );
    const lines = await report(db, job.id);
    expect(lines.map((l) => [l.line, l.outcome, l.prospect_id])).toEqual([
      [4, 'skipped', ids.get('Acme/Grace Hopper')],
      [6, 'skipped', ids.get('Initech/initech.test')],
      [7, 'skipped', ids.get('Acme/Ada Lovelace')],
      [8, 'skipped', ids.get('Acme/Alan Turing')],
    ]);
    expect(lines[0]?.reason).toBe(
      `Skipped as a duplicate: the same contact name at the same company as prospect ${ids.get('Acme/Grace Hopper')}.`,
    );
    expect(lines[3]?.reason).toBe(
      `Skipped as a duplicate: the same contact email as line 2 of this file (prospect ${ids.get('Acme/Alan Turing')}).`,
    );
  });

  it('updates duplicates as PATCH does: fill empty fields only, or overwrite; no event; the report says what changed', async () => {
    const ws = await workspace();
    await importCsv(db, ws, 'Company,Email,Job Title,Notes\nAcme,ada@acme.test,,first\n');
    const before = await events(db, ws);
    const csv = 'Company,Email,Job Title,Notes\nAcme,ADA@acme.test,CTO,second\n';
    const fill = await importCsv(db, ws, csv, { duplicates: 'update_fill_empty' });
    expect([fill.created_count, fill.updated_count]).toEqual([0, 1]);
    expect((await prospects(db, ws))[0]).toMatchObject({ contact_title: 'CTO', notes: 'first' });
    const [line] = await report(db, fill.id);
    expect(line).toMatchObject({
      outcome: 'updated',
      reason: expect.stringMatching(/^Updated Job title: the same contact email as prospect prs_/),
    });
    const overwrite = await importCsv(db, ws, csv, { duplicates: 'update_overwrite' });
    expect(overwrite.updated_count).toBe(1);
    expect((await prospects(db, ws))[0]).toMatchObject({ contact_title: 'CTO', notes: 'second' });
    expect(await events(db, ws)).toBe(before);
  });

  it('derives the domain from the website, else from a company email but not a free-mail one', async () => {
    const ws = await workspace();
    const csv =
      'Company,Website,Email\nA,https://www.a-corp.example/about,x@other.example\nB,,b@b-corp.example\nC,,c@gmail.com\nD,,d@yahoo.co.jp\n';
    await importCsv(db, ws, csv);
    expect((await prospects(db, ws)).map((p) => p.domain)).toEqual([
      'a-corp.example',
      'b-corp.example',
      null,
      null,
    ]);
  });

  it('a dry run writes nothing (no field created), counts what would happen, and says so in the summary', async () => {
    const ws = await workspace();
    await importCsv(db, ws, 'Company,Email\nAcme,ada@acme.test\n');
    const job = await importCsv(db, ws, 'Company,Email,Size\nAcme,ada@acme.test,10\nNew,n@new.test,20\n', {
      mapping: ['company', 'contact_email', null],
      newFields: [{ column: 2, key: 'size', label: 'Size', type: 'number' }],
      duplicates: 'update_fill_empty',
      dryRun: true,
    });
    expect([job.dry_run, job.created_count, job.updated_count, job.rejected_count]).toEqual([true, 1, 1, 0]);
    expect(await listCustomFields(db, ws)).toEqual([]);
    expect((await prospects(db, ws)).length).toBe(1);
    let text = '';
    for await (const piece of importReportCsv(db, { workspaceId: ws, jobId: job.id })) text += piece;
    expect(text).toContain(
      'Summary: succeeded (dry run, nothing was written): 2 rows read of 2; 1 would be created, 1 would be updated',
    );
    expect(text).toMatch(/Would update Size: the same contact email/);
  });

  it('remembers the mapping per header set and suggests it for the next file with the same headers', async () => {
    const ws = await workspace();
    const csv = 'Given,Family,Org,Level\nAda,Lovelace,Acme,VP\n';
    const first = await importCsv(db, ws, csv, {
      mapping: ['contact_name', 'contact_name', 'company', null],
      newFields: [{ column: 3, key: 'level', label: 'Level', type: 'text' }],
    });
    expect(first.created_count).toBe(1);
    const fields = await listCustomFields(db, ws);
    expect(
      await rememberedMapping(db, { workspaceId: ws, headers: [' given', 'FAMILY', 'Org', 'Level'], fields }),
    ).toMatchObject({
      mapping: ['contact_name', 'contact_name', 'company', 'custom:level'],
      newFields: [],
      duplicates: 'skip',
    });
    const next = await upload(db, ws, csv);
    const inspection = await inspectImport(db, { workspaceId: ws, jobId: next.id });
    expect([inspection.mappingSource, inspection.mapping]).toEqual([
      'remembered',
      ['contact_name', 'contact_name', 'company', 'custom:level'],
    ]);
    expect(await rememberedMapping(db, { workspaceId: ws, headers: ['Other'], fields })).toBeUndefined();
  });

  it('a batch that fails keeps the batches before it, and the job names the failed batch and the rows written', async () => {
    const ws = await workspace();
    const job = await upload(db, ws, 'Company,Email\nA,a@x.test\nB,b@x.test\nC,c@x.test\nD,d@x.test\n');
    await startImport(db, { workspaceId: ws, jobId: job.id, mapping: ['company', 'contact_email'] });
    // A trigger that refuses company "C" stands for a batch the database cannot write.
    await db.query(`create or replace function refuse_c() returns trigger language plpgsql as $$
      begin if new.company = 'C' then raise exception 'refused'; end if; return new; end $$`);
    await db.query(
      'create trigger refuse_c before insert on prospects for each row execute function refuse_c()',
    );
    try {
      const runner = createImportRunner({ db, logger: quietLogger, batchSize: 2, maxAttempts: 2 });
      for (let i = 0; i < 3; i += 1) await runner.runOnce();
    } finally {
      await db.query('drop trigger refuse_c on prospects');
    }
    const ended = (await getImportJob(db, { workspaceId: ws, jobId: job.id })) as ImportJob;
    expect([
      ended.status,
      ended.rows_done,
      ended.created_count,
      ended.failed_first_line,
      ended.failed_last_line,
    ]).toEqual(['failed', 2, 2, 4, 5]);
    expect(ended.failure).toBe(
      'The batch of lines 4-5 failed to write 2 times. 2 rows were written before it stopped, in whole batches (lines up to 3: 2 prospects created, 0 updated); they stay.',
    );
    expect((await prospects(db, ws)).map((p) => p.company)).toEqual(['A', 'B']);
  });
});
