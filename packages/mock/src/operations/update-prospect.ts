import type { Prospect, ProspectUpdate } from '@prospectkit/core';
import { normalizeProspectInput } from '@prospectkit/core';
import type { Operation } from './operation.js';

const COLUMNS = [
  'company',
  'domain',
  'website',
  'location',
  'contact_name',
  'contact_email',
  'notes',
  'tags',
  'owner_id',
] as const;

/**
 * `PATCH /prospects/{id}`: only the fields sent change, `null` clears, `tags` replaces the list. Like the
 * server, every call (`{}` included) moves `updated_at`. @see operationId `updateProspect`
 */
export const updateProspect: Operation = ({ ctx, prospectId, body }) => {
  const { input, issues } = normalizeProspectInput(body as ProspectUpdate);
  if (issues.length > 0) return { issues };
  const changes: Partial<Prospect> = { updated_at: ctx.clock.now().toISOString() };
  for (const column of COLUMNS) {
    if (column in input)
      Object.assign(changes, { [column]: column === 'tags' ? (input.tags ?? []) : input[column] });
  }
  return { status: 200, body: ctx.db.prospects.update(prospectId, changes) };
};
