import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prospectkit as prospectkitWith } from './cli-helpers.js';

// Piped (stdout and stderr are not terminals): plain progress lines, the report, and the exit status.
// Each command starts a process and opens the database: seconds on an idle machine, minutes on a loaded one.
describe('prospects import (CLI, piped)', { timeout: 600_000 }, () => {
  let dir: string;
  const prospectkit = (...args: string[]) =>
    prospectkitWith({ PROSPECTKIT_DATA_DIR: join(dir, 'data') }, ...args);
  const file = async (name: string, content: string | Buffer) => {
    await writeFile(join(dir, name), content);
    return join(dir, name);
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pk-import-cli-'));
    expect((await prospectkit('workspace', 'create', '--name', 'Imports')).code).toBe(0);
  }, 600_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('imports every row: exit 0, a plain progress line and the summary', async () => {
    const csv = await file('ok.csv', 'Company Name;E-mail\nAcme;a@acme.test\nGlobex;g@globex.test\n');
    const { code, stdout, stderr } = await prospectkit('prospects', 'import', csv);
    expect(code).toBe(0);
    expect(stderr).toContain('Columns: Company Name → company, E-mail → contact_email');
    expect(stderr).toContain('import: 2/2 rows (100%)\n');
    expect(stderr).not.toContain('\u001b[');
    expect(stdout).toMatch(
      /succeeded: 2 rows read of 2; 2 created, 0 updated, 0 skipped as duplicates, 0 rejected\./,
    );
  });

  it('exit 0 with duplicates skipped; --json prints the report; --dry-run writes nothing', async () => {
    const csv = await file('again.csv', 'Company,Email\nAcme again,A@acme.test\nNew,n@new.test\n');
    const dry = await prospectkit('prospects', 'import', csv, '--dry-run', '--json');
    expect(dry.code).toBe(0);
    const report = JSON.parse(dry.stdout);
    expect(report.job).toMatchObject({
      dry_run: true,
      created_count: 1,
      skipped_count: 1,
      rejected_count: 0,
    });
    expect(report.rejections).toEqual([]);
    const real = await prospectkit('prospects', 'import', csv, '--json');
    expect(JSON.parse(real.stdout).job).toMatchObject({ created_count: 1, skipped_count: 1 });
    const created = await prospectkit('prospects', 'import', csv, '--duplicates', 'create', '--json');
    expect(JSON.parse(created.stdout).job).toMatchObject({ created_count: 2, skipped_count: 0 });
  });

  it('exit 2 when some rows were rejected, listing line, column and reason', async () => {
    const csv = await file('bad.csv', 'Company,Website\nGood,https://good.test\n,https://x.test\nBad,nope\n');
    const text = await prospectkit('prospects', 'import', csv);
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/3\s+Company\s+rejected\s+Company is required\./);
    expect(text.stdout).toMatch(/4\s+Website\s+rejected\s+Website must be a valid URL\./);
    const json = await prospectkit('prospects', 'import', csv, '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).rejections).toEqual([
      {
        line: 3,
        column_name: 'Company',
        reason: 'Company is required.',
        outcome: 'rejected',
        prospect_id: null,
      },
      {
        line: 4,
        column_name: 'Website',
        reason: 'Website must be a valid URL.',
        outcome: 'rejected',
        prospect_id: null,
      },
    ]);
  });

  it('exit 1 with a clear message when the file is refused', async () => {
    const png = await file('image.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const refused = await prospectkit('prospects', 'import', png);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^prospectkit-server: The file is not a CSV text file/m);
    const noCompany = await prospectkit('prospects', 'import', await file('x.csv', 'Phone\n123\n'));
    expect(noCompany.code).toBe(1);
    expect(noCompany.stderr).toMatch(/No column is mapped to Company/);
    // Issue 24, finding 4: an unreasonable shape is refused while the file is read, naming the limit.
    const wide = await prospectkit(
      'prospects',
      'import',
      await file('wide.csv', `Company${',x'.repeat(600)}\n`),
    );
    expect(wide.code).toBe(1);
    expect(wide.stderr).toMatch(/^prospectkit-server: The header row has more than 500 columns/m);
  });

  // Finding 7 of the security review (issue 24): header names went to the terminal raw, so `ESC]0;...` retitled
  // the window and `ESC[2J` cleared the screen. Nothing the file holds may reach the terminal as a control.
  it('prints no control character from the file: escapes, C1 controls and bidi overrides come out visible', async () => {
    const hostile = 'Notes\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202egnp.exe\u007f';
    const csv = await file('hostile.csv', `Company,Website,${hostile}\nGood,https://good.test,x\n`);
    const text = await prospectkit('prospects', 'import', csv);
    const json = await prospectkit('prospects', 'import', csv, '--json', '--duplicates', 'create');
    expect([text.code, json.code]).toEqual([0, 0]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not appear
    const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    for (const out of [text.stdout, text.stderr, json.stdout, json.stderr]) expect(out).not.toMatch(controls);
    expect(text.stderr).toContain('Notes\\x1b]0;pwned\\x07\\x1b[2J\\x9b31m\\u202egnp.exe\\x7f');
    // The JSON still says exactly what the file held.
    expect(JSON.parse(json.stdout).job.headers[2]).toBe(hostile);
  });

  it('--map combines columns, --create-fields keeps the rest, --duplicates update fills empty fields; the report lists the updated row', async () => {
    const csv = await file(
      'map.csv',
      'First Name,Last Name,Company,Job Title,Seniority,Source\nAda,Lovelace,Analytical,,VP,Fair\n',
    );
    const first = await prospectkit(
      'prospects',
      'import',
      csv,
      '--map',
      'First Name+Last Name=contact_name',
      '--json',
    );
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(
      'Not imported (map them with --map or --create-fields): "Seniority", "Source"',
    );
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({
      headers: ['First Name', 'Last Name', 'Company', 'Job Title', 'Seniority', 'Source'],
      mapping: ['contact_name', 'contact_name', 'company', 'contact_title', null, null],
      newFields: [],
      duplicates: 'skip',
    });
    const again = await file(
      'map2.csv',
      'First Name,Last Name,Company,Job Title,Seniority,Source\nAda,Lovelace,Analytical,CTO,VP,Fair\nAda,Lovelace,Analytical,CEO,VP,Fair\n',
    );
    const updated = await prospectkit(
      'prospects',
      'import',
      again,
      '--map',
      'First Name+Last Name=contact_name',
      '--create-fields',
      '--duplicates',
      'update',
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stderr).toContain('New custom field: seniority (single_select) from "Seniority"');
    expect(updated.stdout).toMatch(/0 created, 2 updated, 0 skipped as duplicates, 0 rejected/);
    expect(updated.stdout).toMatch(
      /2\s+updated\s+prs_\w+\s+Updated Job title, Seniority, Source: the same contact name at the same company as prospect prs_/,
    );
    expect(updated.stdout).toMatch(
      /3\s+updated\s+prs_\w+\s+Updated nothing \(no field to change\): the same contact name at the same company as line 2 of this file/,
    );
  });

  it('exit 2 naming every unknown header and field of --map, and a mapping file made for other columns', async () => {
    const csv = await file('names.csv', 'Name,Company\nAda,Acme\n');
    const mapped = await prospectkit(
      'prospects',
      'import',
      csv,
      '--map',
      'Nom+Prénom=contact_name',
      '--map',
      'Company=firm',
      '--map',
      'Name=custom:nope',
    );
    expect(mapped.code).toBe(2);
    expect(mapped.stderr).toMatch(
      /--map: no column "Nom", "Prénom" in the file \(its columns: "Name", "Company"\); no field "firm", "custom:nope"/,
    );
    const mappingFile = await file(
      'other.json',
      JSON.stringify({ headers: ['Name', 'Firm'], mapping: ['contact_name', 'company'] }),
    );
    const other = await prospectkit('prospects', 'import', csv, '--mapping', mappingFile);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/was made for other columns: the file's "Company" differ/);
    const twice = await prospectkit('prospects', 'import', csv, '--map', 'Name+Company=company');
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/"Name" and "Company" both map to Company, which takes one column/);
  });

  // Last: it adds a second workspace, after which --workspace is needed.
  it('exit 2, as every input error of the CLI, for a missing file and a missing or unknown --workspace', async () => {
    const csv = await file('two.csv', 'Company\nAcme\n');
    const missing = await prospectkit('prospects', 'import', join(dir, 'missing.csv'));
    expect({ code: missing.code, stderr: missing.stderr }).toEqual({
      code: 2,
      stderr: expect.stringMatching(/^prospectkit-server: No file .*missing\.csv\./m),
    });
    expect((await prospectkit('workspace', 'create', '--name', 'Second')).code).toBe(0);
    const unnamed = await prospectkit('prospects', 'import', csv);
    expect({ code: unnamed.code, stderr: unnamed.stderr }).toEqual({
      code: 2,
      stderr: expect.stringMatching(/Name the workspace with --workspace ID/),
    });
    const unknown = await prospectkit('prospects', 'import', csv, '--workspace', 'ws_nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No workspace ws_nope\./);
  });
});
