import type { RecordOutcomeRequest, WebhookEvent } from '@prospectkit/core';
import { buildEvent, mergedOutcomeIssues, mergeOutcome, newId, outcomeEventTypes } from '@prospectkit/core';
import type { Operation } from './operation.js';

/**
 * `POST /prospects/{id}/outcomes`: merges the fields sent into the prospect's outcome, keeps the call as
 * history, and emits the contract's events in order. @see operationId `recordOutcome`
 */
export const recordOutcome: Operation = ({ ctx, workspaceId, prospectId, body }) => {
  const input = body as RecordOutcomeRequest;
  const prospect = ctx.db.prospects.get(prospectId);
  const previous = prospect?.outcome ?? null;
  const merged = mergeOutcome(previous, input);
  const issues = mergedOutcomeIssues(merged);
  if (issues.length > 0) return { issues };
  const now = ctx.clock.now();
  const at = now.toISOString();
  const result = { id: newId('outcome', now.getTime()), prospect_id: prospectId, ...merged, recorded_at: at };
  ctx.db.outcomes.add({ ...result, workspace_id: workspaceId });
  ctx.db.prospects.update(prospectId, { outcome: { ...merged, updated_at: at }, updated_at: at });
  const data = { prospect_id: prospectId, ...merged };
  for (const type of outcomeEventTypes(previous, input, merged)) {
    ctx.events.push(buildEvent(type, workspaceId, data, now.getTime()).envelope as WebhookEvent);
  }
  return { status: 201, body: result };
};
