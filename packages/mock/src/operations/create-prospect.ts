import type { ProspectCreate, WebhookEvent } from '@prospectkit/core';
import {
  buildEvent,
  composeContactName,
  newId,
  normalizeCustomFields,
  normalizeProspectInput,
} from '@prospectkit/core';
import type { Operation } from './operation.js';

/** `POST /prospects`: stores the prospect and emits `prospect.created`. @see operationId `createProspect` */
export const createProspect: Operation = ({ ctx, workspaceId, body, apiRoot }) => {
  const normalized = normalizeProspectInput(body as ProspectCreate);
  if (normalized.issues.length > 0) return { issues: normalized.issues };
  const input = composeContactName(normalized.input, null);
  const definitions = ctx.db.customFields.list({ workspaceId });
  const custom = normalizeCustomFields((body as ProspectCreate).custom_fields, definitions, {});
  if (custom.issues.length > 0) return { issues: custom.issues };
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
      contact_first_name: input.contact_first_name ?? null,
      contact_last_name: input.contact_last_name ?? null,
      contact_title: input.contact_title ?? null,
      contact_phone: input.contact_phone ?? null,
      contact_profile_url: input.contact_profile_url ?? null,
      city: input.city ?? null,
      region: input.region ?? null,
      country: input.country ?? null,
      notes: input.notes ?? null,
      tags: input.tags ?? [],
      owner_id: input.owner_id ?? null,
      custom_fields: custom.values,
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
