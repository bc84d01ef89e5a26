import { afterEach, describe, expect, it } from 'vitest';
import type { ColumnMapping } from './import-fields.js';
import { createRecordChunker } from './record-chunks.js';
import { createRowPreparer, processRowPreparer, type RowPreparer } from './row-preparer.js';

const headers = ['Company', 'Email'];
const mapping: ColumnMapping = ['company', 'contact_email'];
const plan = { mapping, headers, customFields: [] };

function chunkOf(rows: string[][]) {
  const chunker = createRecordChunker();
  rows.forEach((cells, i) => {
    chunker.add({ line: i + 2, endLine: i + 2, cells });
  });
  return Buffer.from(chunker.end()[0]?.data ?? '[]');
}

describe('createRowPreparer', () => {
  let preparer: RowPreparer | undefined;
  afterEach(async () => {
    await preparer?.close();
  });

  it('checks records in its thread by the rules of POST /prospects, leaving out those already committed', async () => {
    preparer = createRowPreparer();
    const data = chunkOf([
      ['Acme', 'ada@acme.test'],
      ['', 'no-company@x.test'],
      ['Globex', 'not an email'],
    ]);
    const rows = await preparer.prepare({ kind: 'records', data, skip: 1, plan });
    expect(rows).toEqual([
      {
        line: 3,
        endLine: 3,
        input: undefined,
        issues: [{ column: 'Company', field: 'company', message: 'Company is required.' }],
      },
      {
        line: 4,
        endLine: 4,
        input: undefined,
        issues: [
          {
            column: 'Email',
            field: 'contact_email',
            message: 'Contact email must be a valid email address.',
          },
        ],
      },
    ]);
  });

  it('fails a request the thread cannot read, and answers the next one', async () => {
    preparer = createRowPreparer();
    await expect(
      preparer.prepare({ kind: 'records', data: Buffer.from('not json'), skip: 0, plan }),
    ).rejects.toThrow(/The import thread failed: .*JSON/);
    const rows = await preparer.prepare({
      kind: 'records',
      data: chunkOf([['Acme', '']]),
      skip: 0,
      plan,
    });
    expect(rows.map((r) => r.input?.company)).toEqual(['Acme']);
  });

  it('starts a new thread after close', async () => {
    preparer = createRowPreparer();
    await preparer.prepare({ kind: 'records', data: chunkOf([['A', '']]), skip: 0, plan });
    await preparer.close();
    const rows = await preparer.prepare({
      kind: 'records',
      data: chunkOf([['B', '']]),
      skip: 0,
      plan,
    });
    expect(rows.map((r) => r.input?.company)).toEqual(['B']);
  });
});

describe('processRowPreparer', () => {
  it('is one thread for the process, kept through close(), and forgets a dropped session', async () => {
    const first = processRowPreparer();
    const second = processRowPreparer();
    const a = first.nextSession();
    const b = second.nextSession();
    // One counter, so the two users' sessions never collide in the one thread.
    expect(b).toBe(a + 1);
    await first.request({ kind: 'upload-open', session: a, delimiter: ',' });
    await first.request({ kind: 'upload-feed', session: a, data: Buffer.from('Company,Email\nAcme,') });
    await first.close();
    // Still there after close(): the session can be dropped, and is then unknown.
    await second.request({ kind: 'drop', session: a });
    await expect(second.request({ kind: 'upload-end', session: a })).rejects.toThrow(`No upload ${a}.`);
    const rows = await second.prepare({ kind: 'records', data: chunkOf([['Kept', '']]), skip: 0, plan });
    expect(rows.map((r) => r.input?.company)).toEqual(['Kept']);
  });
});
