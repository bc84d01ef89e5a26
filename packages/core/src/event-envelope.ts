import { newId } from './ids.js';
import type { EventType } from './webhook-events.js';

/** An event envelope and the exact JSON bytes every delivery attempt sends. */
export interface BuiltEvent {
  /** The envelope every webhook receives. @see openapi.yaml `webhooks` */
  envelope: {
    /** `evt_` and a ULID: `Service-Event-ID`, and what receivers deduplicate on. */
    id: string;
    /** The kind, e.g. `prospect.created`. */
    event: EventType;
    /** The workspace it happened in. */
    workspace_id: string;
    /** When it happened, RFC 3339 UTC with milliseconds. */
    occurred_at: string;
    /** The kind's payload, as the contract defines it for that kind. */
    data: Record<string, unknown>;
  };
  /** `JSON.stringify(envelope)`: stored once, so every attempt sends the same body. */
  body: string;
}

/**
 * Builds an event envelope `{id, event, workspace_id, occurred_at, data}` with a fresh `evt_` id.
 *
 * @param event the kind, e.g. `'prospect.created'`
 * @param workspaceId the workspace it happened in
 * @param data the kind's payload as the contract defines it (not checked here)
 * @param nowMs the event time in ms since the epoch; `occurred_at` is RFC 3339 UTC with milliseconds. Default: now.
 * @returns the envelope and its JSON body, for `enqueueEvents`
 * @example
 * const built = buildEvent('inbox.reply.received', workspaceId, { prospect_id, company, contact_email });
 * @see openapi.yaml `webhooks`
 */
export function buildEvent(
  event: EventType,
  workspaceId: string,
  data: Record<string, unknown>,
  nowMs: number = Date.now(),
): BuiltEvent {
  const envelope = {
    id: newId('event', nowMs),
    event,
    workspace_id: workspaceId,
    occurred_at: new Date(nowMs).toISOString(),
    data,
  };
  return { envelope, body: JSON.stringify(envelope) };
}
