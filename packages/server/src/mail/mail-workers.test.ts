import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_HTML_LIMITS } from './cut-email-html.js';
import { createMailWorkers, type MailWorkers } from './mail-workers.js';

const RECORDS: Record<string, string[][]> = {
  'TXT engines.example': [['v=spf1 ip4:192.0.2.10 -all']],
  'TXT _dmarc.engines.example': [['v=DMARC1; p=reject']],
};

/** A DNS table: what the worker asks goes through the main thread's resolver (no network). */
const asked: string[] = [];
async function table(name: string, type: string) {
  asked.push(`${type} ${name}`);
  const records = RECORDS[`${type} ${name}`];
  if (records) return records;
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

describe('the mail workers', () => {
  let workers: MailWorkers;
  let dir: string;
  beforeAll(async () => {
    workers = await createMailWorkers({ threads: 1, maxQueue: 4 });
    dir = await mkdtemp(join(tmpdir(), 'pk-mail-workers-'));
  });
  afterAll(async () => {
    await workers?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const spool = async (name: string, lines: string[]) => {
    await writeFile(join(dir, name), lines.join('\r\n'));
    return join(dir, name);
  };

  it('parses a message and checks its sender in a worker thread, asking this thread for DNS', async () => {
    const path = await spool('spf.eml', [
      'From: Ada <ada@engines.example>',
      'Subject: Hi',
      'Message-ID: <w1@engines.example>',
      'Content-Type: text/html',
      '',
      `<p>Yes</p>${'<b>'.repeat(50_000)}`,
    ]);
    const before = workers.completed;
    const envelope = {
      mailFrom: 'ada@engines.example',
      clientAddress: '192.0.2.10',
      helo: 'mx.engines.example',
    };
    const { message, senderCheck } = await workers.receive(
      { path, envelope, htmlLimits: DEFAULT_EMAIL_HTML_LIMITS, senderCheck: { run: true, mta: 'localhost' } },
      table,
    );
    expect(workers.completed).toBe(before + 1);
    expect(threadId).toBe(0);
    expect(message).toMatchObject({ messageId: 'w1@engines.example', fromAddress: 'ada@engines.example' });
    expect(message.htmlNote).toMatch(/nest more than 128/);
    expect(senderCheck).toMatchObject({
      verified: true,
      spf: 'pass',
      dmarc: 'pass',
      spfDomain: 'engines.example',
    });
    expect(asked).toContain('TXT _dmarc.engines.example');
  });

  it('says an unverified From: is not verified: DMARC fails when SPF passes for another domain', async () => {
    const path = await spool('spoof.eml', [
      'From: ada@engines.example',
      'Subject: Send it here',
      '',
      'Spoof.',
    ]);
    const envelope = { mailFrom: 'attacker@elsewhere.example', clientAddress: '198.51.100.7', helo: 'x' };
    const { senderCheck } = await workers.receive(
      { path, envelope, htmlLimits: DEFAULT_EMAIL_HTML_LIMITS, senderCheck: { run: true, mta: 'localhost' } },
      table,
    );
    expect(senderCheck).toMatchObject({ verified: false, dmarc: 'fail' });
  });

  it('sanitises stored HTML in a worker', async () => {
    const before = workers.completed;
    await expect(
      workers.sanitize('<p onclick="x">Hi<script>1</script></p>', DEFAULT_EMAIL_HTML_LIMITS),
    ).resolves.toEqual({
      html: '<p>Hi</p>',
      note: null,
    });
    expect(workers.completed).toBe(before + 1);
  });

  it('survives a worker whose module cannot load: the message is refused as busy (451), the process lives on', async () => {
    const failures: Error[] = [];
    const broken = await createMailWorkers({
      threads: 1,
      maxQueue: 4,
      filename: new URL('./no-such-mail-task.mjs', import.meta.url).href,
      onError: (error) => failures.push(error),
    });
    try {
      const task = { path: join(dir, 'none.eml'), envelope: {}, htmlLimits: DEFAULT_EMAIL_HTML_LIMITS };
      for (const _ of [1, 2]) {
        await expect(
          broken.receive(task as Parameters<MailWorkers['receive']>[0], table),
        ).rejects.toMatchObject({ name: 'MailWorkerError', code: 'busy' });
      }
    } finally {
      await broken.close();
    }
  });
});
