import { monotonicFactory } from 'ulidx';

/** Type prefixes of every id the service hands out. @see openapi.yaml `info.description` (Ids) */
export const ID_PREFIXES = {
  prospect: 'prs_',
  outcome: 'out_',
  event: 'evt_',
  webhook: 'wh_',
  delivery: 'del_',
  token: 'tok_',
  workspace: 'ws_',
  teammate: 'tm_',
  conversation: 'cv_',
  message: 'msg_',
  /** Inbound mail kept in the app's Unmatched list (server only, never in the API). */
  unmatchedMessage: 'um_',
  /** Inbound mail to postmaster@ the inbound domain, kept for the server's operator (server only). */
  postmasterMessage: 'pm_',
  /** A saved view of the app's prospect list (server only, never in the API). */
  savedView: 'sv_',
  /** A person who signs in to the app (server only); their place in a workspace is a teammate (`tm_`). */
  person: 'psn_',
  /** An entry of the app's audit log (server only). */
  auditEntry: 'aud_',
  /** A bulk change of the app's prospect list (server only, never in the API; docs/bulk-actions.md). */
  bulkJob: 'blk_',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const nextUlid = monotonicFactory();
const ULID = '[0-9A-HJKMNP-TV-Z]{26}';

/**
 * A new id: the kind's prefix plus a monotonic ULID (time-sortable within one process).
 *
 * @param kind which resource the id names, e.g. `'prospect'` -> `prs_01J...`
 * @param nowMs the time encoded in the ULID, in ms since the epoch. Default: now.
 */
export function newId(kind: IdKind, nowMs?: number): string {
  return `${ID_PREFIXES[kind]}${nextUlid(nowMs)}`;
}

/** Whether `value` is a well-formed id of `kind` (prefix plus 26 Crockford base32 characters). */
export function isId(kind: IdKind, value: string): boolean {
  return new RegExp(`^${ID_PREFIXES[kind]}${ULID}$`).test(value);
}
