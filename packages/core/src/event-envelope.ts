import { newId } from './ids.js';
import type { EventType } from './webhook-events.js';

/** An event envelope and the exact JSON bytes every delivery attempt sends. */
export interface BuiltEvent {
  envelope: {
    id: string;
    event: EventType;
    workspace_id: string;
    occurred_at: string;
    data: Record<string, unknown>;
  };
  /** `JSON.stringify(envelope)`: stored once, so every attempt sends the same body. */
  body: string;
}

/**
 * Builds an event envelope `{id, event, workspace_id, occurred_at, data}` with a fresh `evt_` id.
 *
 * @param nowMs the event time in ms since the epoch; `occurred_at` is RFC 3339 UTC with milliseconds.
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
