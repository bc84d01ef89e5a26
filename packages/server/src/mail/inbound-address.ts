/**
 * Inbound addresses. A workspace's is `<workspace id, lower case>@<inbound domain>`, e.g.
 * `ws_01jd0v8k7a3q9m2x4c6b8n0r1t@localhost`; a conversation's reply address, set as the `Reply-To` of every
 * message sent from it, is `reply+<conversation id, lower case>@<inbound domain>`. Lower case because mail
 * systems may fold the local part's case; ids are read back case-insensitively.
 *
 * @see docs/architecture.md, "Mail"
 */

/** Where an envelope recipient points. */
export type InboundTarget =
  | { kind: 'workspace'; workspaceId: string }
  | { kind: 'conversation'; conversationId: string }
  /** `postmaster@` the inbound domain, which RFC 5321 section 4.5.1 requires to take mail: for the operator. */
  | { kind: 'postmaster' }
  /** Not at the inbound domain: the listener does not relay (550 at RCPT). */
  | { kind: 'other-domain' }
  /** At the inbound domain, but no address form this server hands out (550 at RCPT). */
  | { kind: 'unknown-mailbox' };

const ULID = '[0-9a-hjkmnp-tv-z]{26}';
const WORKSPACE_LOCAL = new RegExp(`^ws_(${ULID})$`, 'i');
const REPLY_LOCAL = new RegExp(`^reply\\+cv_(${ULID})$`, 'i');

/**
 * A workspace's inbound address.
 *
 * @example
 * inboundAddress('ws_01JD0V8K7A3Q9M2X4C6B8N0R1T', 'localhost'); // 'ws_01jd0v8k7a3q9m2x4c6b8n0r1t@localhost'
 */
export function inboundAddress(workspaceId: string, inboundDomain: string): string {
  return `${workspaceId.toLowerCase()}@${inboundDomain}`;
}

/**
 * A conversation's reply address, for `Reply-To`.
 *
 * @example
 * replyAddress('cv_01JD0V8K7A3Q9M2X4C6B8N0R1T', 'in.example.com'); // 'reply+cv_01jd...@in.example.com'
 */
export function replyAddress(conversationId: string, inboundDomain: string): string {
  return `reply+${conversationId.toLowerCase()}@${inboundDomain}`;
}

/**
 * Reads an envelope recipient (`RCPT TO`) against the inbound domain. The ids it returns are in the server's
 * spelling (prefix lower case, ULID upper case) but may name nothing: the caller checks they exist.
 *
 * @example
 * parseRecipient('Reply+CV_01jd0v8k7a3q9m2x4c6b8n0r1t@LOCALHOST', 'localhost');
 * // { kind: 'conversation', conversationId: 'cv_01JD0V8K7A3Q9M2X4C6B8N0R1T' }
 */
export function parseRecipient(address: string, inboundDomain: string): InboundTarget {
  // RFC 5321 section 4.5.1: "postmaster" in any case, with the domain or alone.
  if (address.toLowerCase() === 'postmaster') return { kind: 'postmaster' };
  const at = address.lastIndexOf('@');
  if (at < 1 || address.slice(at + 1).toLowerCase() !== inboundDomain) return { kind: 'other-domain' };
  const local = address.slice(0, at);
  if (local.toLowerCase() === 'postmaster') return { kind: 'postmaster' };
  const workspace = WORKSPACE_LOCAL.exec(local);
  if (workspace) return { kind: 'workspace', workspaceId: `ws_${(workspace[1] as string).toUpperCase()}` };
  const reply = REPLY_LOCAL.exec(local);
  if (reply) return { kind: 'conversation', conversationId: `cv_${(reply[1] as string).toUpperCase()}` };
  return { kind: 'unknown-mailbox' };
}
