// The import benchmark's floor: the rows the import created (read back from its workspace), written again by a
// bare loop with their events, 500 per transaction in two multi-row INSERTs (prospects, then events), nothing
// else: no parsing, checks, duplicates or deliveries.
import { buildEvent, newId } from '@prospectkit/core';
import type { Database } from '@prospectkit/server';

const BATCH = 500;

interface Row {
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  notes: string | null;
  tags: string[];
}

export async function insertFloor(
  db: Database,
  from: { workspaceId: string },
  workspaceId: string,
): Promise<{ rows: number; seconds: number }> {
  const rows = await db.query<Row & Record<string, unknown>>(
    'select company, domain, website, location, contact_name, contact_email, notes, tags from prospects where workspace_id = $1 order by created_at, id',
    [from.workspaceId],
  );
  const started = performance.now();
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    const now = new Date();
    const params: unknown[] = [workspaceId, now];
    const prospects = batch.map((row) => {
      const id = newId('prospect');
      params.push(
        id,
        row.company,
        row.domain,
        row.website,
        row.location,
        row.contact_name,
        row.contact_email,
        row.notes,
        row.tags,
      );
      const n = params.length;
      return {
        id,
        row,
        values: `($${n - 8}, $1, $${n - 7}, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $2, $2)`,
      };
    });
    const eventParams: unknown[] = [workspaceId, now];
    const events = prospects.map(({ id, row }) => {
      const { envelope, body } = buildEvent(
        'prospect.created',
        workspaceId,
        { prospect_id: id, company: row.company, contact_email: row.contact_email },
        now.getTime(),
      );
      eventParams.push(envelope.id, body);
      const n = eventParams.length;
      return `($${n - 1}, $1, 'prospect.created', $${n}, $2)`;
    });
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into prospects (id, workspace_id, company, domain, website, location, contact_name, contact_email, notes, tags, created_at, updated_at)
         values ${prospects.map((p) => p.values).join(', ')}`,
        params,
      );
      await tx.query(
        `insert into events (id, workspace_id, type, body, occurred_at) values ${events.join(', ')}`,
        eventParams,
      );
    });
  }
  return { rows: rows.length, seconds: (performance.now() - started) / 1000 };
}
