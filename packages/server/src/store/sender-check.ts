/**
 * What the checks of a received message's sender found (SPF, DKIM, DMARC; `mail/verify-sender.ts`), stored with
 * the message (`sender_check`, migration 15) and shown beside it.
 */
export interface SenderCheck {
  /**
   * The `From:` domain is vouched for: DMARC passes, or, for a domain that publishes no DMARC policy, an SPF or
   * DKIM pass of the same organisational domain (RFC 7489's relaxed alignment). Only then does a message whose
   * one link to a prospect is its `From:` count as that prospect's reply.
   */
  verified: boolean;
  /** SPF's result for the envelope sender (`MAIL FROM`) and the client address: `pass`, `fail`, `softfail`, `neutral`, `none`, `temperror`, `permerror`. */
  spf: string;
  /** The best DKIM result: `pass` when a signature verifies, else the first signature's result, or `none`. */
  dkim: string;
  /** DMARC's result for the `From:` domain: `pass`, `fail`, `none` (no policy), `temperror`, `permerror`. */
  dmarc: string;
  /** The domain SPF checked (the envelope sender's), or `null`. */
  spfDomain: string | null;
  /** The domain (`d=`) of the DKIM signature that passed, or `null`. */
  dkimDomain: string | null;
  /** Why no check ran (`loopback in development`), or `null` when they did. */
  skipped: string | null;
}

/** The check of a message nobody checked: before migration 15, or written by `simulate reply`. */
export const UNCHECKED_SENDER: SenderCheck = {
  verified: false,
  spf: 'none',
  dkim: 'none',
  dmarc: 'none',
  spfDomain: null,
  dkimDomain: null,
  skipped: 'not checked',
};
