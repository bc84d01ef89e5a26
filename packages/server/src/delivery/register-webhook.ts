import type { Sql } from '../db/database.js';
import { createWebhook, type WebhookRecord } from '../store/webhooks.js';
import { type GuardOptions, guardWebhookAddress } from './guard-webhook-address.js';

/**
 * Registers a webhook after the whole address check (the rule and the SSRF guard), storing the normalized
 * address. The same check runs again before every attempt, which is why a name that does not resolve yet is
 * accepted (`resolved: false`): nothing can reach it, and it is refused at send time if it then resolves to a
 * non-public address.
 *
 * @param input.events a non-empty subset of the seven event kinds
 * @param options the resolver and the insecure switch, as the worker uses them
 * @returns the record, its signing secret (`whk_...`, shown once) and whether the name resolved now
 * @throws {WebhookAddressError} when the address breaks the rule or is not public
 * @throws {RangeError} when `events` is empty or names an unknown event
 * @example
 * const { record, secret } = await registerWebhook(db, { workspaceId, url, events: ['prospect.created'] });
 * @see packages/server/README.md (Webhook delivery: Address safety)
 */
export async function registerWebhook(
  db: Sql,
  input: { workspaceId: string; url: string; events: readonly string[] },
  options: GuardOptions = {},
): Promise<{
  /** The stored webhook, without its secret. */
  record: WebhookRecord;
  /** The signing secret, `whk_...`: show it once to whoever configures the receiver. */
  secret: string;
  /** Whether the name resolved at registration; when not, it is checked again before every attempt. */
  resolved: boolean;
}> {
  const checked = await guardWebhookAddress(input.url, { ...options, allowUnresolvable: true });
  const created = await createWebhook(db, { ...input, url: checked.url });
  return { ...created, resolved: checked.addresses.length > 0 };
}
