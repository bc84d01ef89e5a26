import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { DEFAULT_IMPORT_SHAPE_LIMITS, listImportJobs } from '../../src/import/index.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { uploadCsv } from './import-upload.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import type { SettingsClient } from './settings-client.js';

// Opening and migrating a database on a busy two-CPU machine can take a while; a 4 MB upload too.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const { maxColumns, maxFieldBytes, maxRowBytes } = DEFAULT_IMPORT_SHAPE_LIMITS;

// Finding 4 of the security review (issue 24): a 10 MB header of 5,000,000 columns crashed the server when its
// mapping page opened, a 42 MB quoted field made a 70 MB page, and the mapping form could send at most about 208
// columns (`parameterLimit: 210`). Shapes are now refused while the file streams in, at stated limits that the
// mapping form can carry.
describe.each(testDatabaseKinds())('unreasonable CSV shapes at upload (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let client: SettingsClient;
  const imports = () => `/workspaces/${workspaceId}/imports`;

  beforeAll(async () => {
    ({
      db,
      app,
      workspaceId,
      browser: client,
    } = await startWorkspaceApp(kind, { importMaxBytes: 50 * 1024 * 1024 }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.each<[string, () => string, RegExp]>([
    [
      'a header of 2,000,000 columns',
      () => `Company${',x'.repeat(2_000_000)}\nAcme\n`,
      new RegExp(`header row has more than ${maxColumns} columns`),
    ],
    [
      'one column more than the limit',
      () => `Company${',x'.repeat(maxColumns)}\nAcme\n`,
      new RegExp(`more than ${maxColumns} columns`),
    ],
    [
      'a data row wider than the limit',
      () => `Company,Notes\nAcme${',x'.repeat(maxColumns + 5)}\n`,
      new RegExp(`Line 2 has more than ${maxColumns} columns`),
    ],
    [
      'a quoted field larger than the limit',
      () => `Company,Notes\nAcme,"${'a,\n'.repeat(Math.ceil(maxFieldBytes / 3) + 10)}"\n`,
      /field on line 2 is larger than/,
    ],
    [
      'a row larger than the limit',
      () =>
        `Company,A,B,C,D,E\nAcme${`,${'b'.repeat(maxFieldBytes - 10)}`.repeat(Math.ceil(maxRowBytes / maxFieldBytes) + 1)}\n`,
      /row on line 2 is larger than/,
    ],
  ])('refuses %s at upload with the limit named, and keeps nothing', async (_name, content, message) => {
    const answer = await uploadCsv(client, imports(), { name: 'shape.csv', content: content() });
    expect(answer.status).toBe(422);
    expect(answer.text).toMatch(message);
    expect(answer.text).toContain('class="field-error"');
    expect(await listImportJobs(db, { workspaceId, limit: 10 })).toEqual([]);
    expect((await fetch(`${app.origin}/healthz`)).status).toBe(200);
  });

  it(`maps and starts a file of exactly ${maxColumns} columns: the mapping form carries every one`, async () => {
    const headers = ['Company', ...Array.from({ length: maxColumns - 1 }, (_, i) => `Extra ${i + 1}`)];
    const answer = await uploadCsv(client, imports(), {
      name: 'shape.csv',
      content: `${headers.join(',')}\nAcme${',x'.repeat(maxColumns - 1)}\n`,
    });
    expect(answer.status).toBe(303);
    const jobUrl = answer.location as string;
    const page = await client.get(jobUrl);
    expect(page.status).toBe(200);
    expect(page.text.match(/<select[^>]+name="column_\d+"/g)?.length).toBe(maxColumns);
    const form: Record<string, string> = { duplicates: 'skip' };
    for (let i = 0; i < maxColumns; i++) form[`column_${i}`] = i === 0 ? 'company' : '';
    // The 499 columns left out are confirmed, for the list the page showed (issue 27).
    form.acknowledge_unmapped = 'yes';
    form.unmapped_listed = Array.from({ length: maxColumns - 1 }, (_, i) => i + 1).join(',');
    const started = await client.submit(jobUrl, `${jobUrl}/start`, form);
    expect([started.status, started.location]).toEqual([303, jobUrl]);
    const [job] = await listImportJobs(db, { workspaceId, limit: 10 });
    expect(job?.mapping?.length).toBe(maxColumns);
  });
});
