import type { ProspectCreate, WebhookEvent } from '@prospectkit/core';
import { buildEvent, newId, normalizeProspectInput } from '@prospectkit/core';
import type { Operation } from './operation.js';

/** `POST /prospects`: stores the prospect and emits `prospect.created`. @see operationId `createProspect` */
export const createProspect: Operation = ({ ctx, workspaceId, body, apiRoot }) => {
  const { input, issues } = normalizeProspectInput(body as ProspectCreate);
  if (issues.length > 0) return { issues };
  const now = ctx.clock.now();
  const prospect = ctx.db.prospects.insert(
    {
      id: newId('prospect', now.getTime()),
      company: input.company as string,
      domain: input.domain ?? null,
      website: input.website ?? null,
      location: input.location ?? null,
      contact_name: input.contact_name ?? null,
      contact_email: input.contact_email ?? null,
      notes: input.notes ?? null,
      tags: input.tags ?? [],
      owner_id: input.owner_id ?? null,
      created_at: now.toISOString(),
    },
    { workspaceId },
  );
  const { envelope } = buildEvent(
    'prospect.created',
    workspaceId,
    { prospect_id: prospect.id, company: prospect.company, contact_email: prospect.contact_email },
    now.getTime(),
  );
  ctx.events.push(envelope as WebhookEvent);
  return { status: 201, body: prospect, headers: { Location: `${apiRoot}/prospects/${prospect.id}` } };
};
