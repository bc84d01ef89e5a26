// Issue 27's "Done when", through the page: each of the three export layouts (HubSpot contacts, Apollo people,
// lemlist leads; 1,200 rows from @prospectkit/fake-data) uploaded on the Import page, mapped as the page suggests
// with every other column made a custom field (its type as the page guesses it), started and run. Nothing is
// lost: every column is kept, colleagues are all created, and the report accounts for every line.
import {
  apolloPeopleCsv,
  type ExportPerson,
  hubspotContactsCsv,
  lemlistLeadsCsv,
} from '@prospectkit/fake-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createImportRunner, getImportJob, inspectImport } from '../../src/import/index.js';
import { createLogger } from '../../src/start-server.js';
import { listCustomFields } from '../../src/store/custom-fields.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { uploadCsv } from './import-upload.js';
import { type startApp, startWorkspaceApp } from './settings-app.js';
import type { SettingsClient } from './settings-client.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ROWS = 1200;
const LAYOUTS: ReadonlyArray<
  readonly [string, (o: { seed: number; count: number }) => { csv: string; people: ExportPerson[] }]
> = [
  ['HubSpot contacts', hubspotContactsCsv],
  ['Apollo people', apolloPeopleCsv],
  ['lemlist leads', lemlistLeadsCsv],
];

describe.each(testDatabaseKinds())('the three export layouts through the Import page (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let client: SettingsClient;
  beforeAll(async () => {
    ({ db, app, browser: client } = await startWorkspaceApp(kind, { importMaxBytes: 16 * 1024 * 1024 }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.each(LAYOUTS.map(([name, make], i) => [name, make, i] as const))(
    '%s: every column kept, colleagues all created, every line accounted for',
    async (name, make, index) => {
      // A workspace per layout, so its new fields stay within the limit (the signed-in owner owns each).
      const workspaceId = (await createWorkspace(db, name)).id;
      const imports = `/workspaces/${workspaceId}/imports`;
      const { csv, people } = make({ seed: 27 + index, count: ROWS });
      const uploaded = await uploadCsv(client, imports, { name: `${name}.csv`, content: csv });
      expect(uploaded.status).toBe(303);
      const jobUrl = uploaded.location as string;
      const jobId = jobUrl.split('/').pop() as string;

      // What the page offers: its suggested mapping (the selects' defaults) and its type guesses.
      const inspection = await inspectImport(db, { workspaceId, jobId });
      const body: Record<string, string> = { duplicates: 'skip' };
      let created = 0;
      inspection.headers.forEach((_header, i) => {
        const suggested = inspection.mapping[i];
        if (suggested) {
          body[`column_${i}`] = suggested;
          return;
        }
        const guess = inspection.guesses[i];
        body[`column_${i}`] = 'new';
        body[`new_${i}_type`] = guess?.type ?? 'text';
        if (guess?.options) body[`new_${i}_options`] = guess.options.join('\n');
        created += 1;
      });
      const started = await client.submit(jobUrl, `${jobUrl}/start`, body);
      expect([started.status, started.location], started.text.slice(0, 2000)).toEqual([303, jobUrl]);
      await createImportRunner({ db, logger: createLogger('silent') }).runOnce();

      const job = await getImportJob(db, { workspaceId, jobId });
      const repeats = people.filter((p) => p.repeat).length;
      expect(job).toMatchObject({
        status: 'succeeded',
        rows_done: ROWS,
        created_count: ROWS - repeats,
        skipped_count: repeats,
        rejected_count: 0,
      });
      // Every column is kept: in a prospect field (combined or not), or in a field the page created; the start
      // needed no confirmation of columns left out, since none was.
      expect((await listCustomFields(db, workspaceId)).length).toBe(created);
      const report = await client.get(jobUrl);
      expect(report.text).toContain(`${(ROWS - repeats).toLocaleString('en-US')} prospects were imported`);
      // Colleagues at one company are all created: every person with an email of their own is a prospect.
      const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
        'select count(distinct lower(contact_email))::int as n from prospects where workspace_id = $1',
        [workspaceId],
      );
      const emails = new Set(people.filter((p) => p.email).map((p) => p.email?.toLowerCase()));
      expect(n).toBe(emails.size);
      console.log(
        `page, ${kind}: ${name} | ${ROWS} | ${job?.created_count} / ${job?.updated_count} / ${job?.skipped_count} / ${job?.rejected_count} | ${inspection.headers.length} of ${inspection.headers.length} (${created} as new fields)`,
      );
    },
  );
});
