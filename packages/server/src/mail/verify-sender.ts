import type { Readable } from 'node:stream';
import type { AuthenticateResult, DNSResolver } from 'mailauth';
import { getDomain } from 'tldts';
import type { SenderCheck } from '../store/sender-check.js';

/** What SMTP told about a message: its envelope sender and the client that sent it. */
export interface SmtpEnvelope {
  /** `MAIL FROM`, `''` for a bounce. */
  mailFrom: string;
  /** The client's address (IPv4-mapped IPv6 folded to IPv4). */
  clientAddress: string;
  /** The name the client gave in EHLO or HELO. */
  helo: string;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
const organisation = (domain: string) => getDomain(domain) ?? domain;

/** Reads mailauth's answer: RFC 7489 section 3.1's relaxed alignment where the domain publishes no DMARC policy. */
export function summariseSenderCheck(result: AuthenticateResult): SenderCheck {
  // The From: mailauth read, as DMARC does; a message with no From:, or several, is never verified.
  const from = result.dkim?.headerFrom ?? [];
  const fromDomain = from.length === 1 ? domainOf(from[0] as string) : '';
  const spf = result.spf ? result.spf.status.result : 'none';
  const spfDomain = result.spf ? result.spf.domain?.toLowerCase() || null : null;
  const signatures = result.dkim?.results ?? [];
  const passed = signatures.filter((r) => r.status.result === 'pass');
  const aligned = passed.find(
    (r) => fromDomain && organisation(r.signingDomain) === organisation(fromDomain),
  );
  const dkim = passed.length ? 'pass' : (signatures[0]?.status.result ?? 'none');
  const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
  const spfAligned =
    spf === 'pass' && !!spfDomain && !!fromDomain && organisation(spfDomain) === organisation(fromDomain);
  return {
    verified: dmarc === 'pass' || (dmarc === 'none' && (spfAligned || !!aligned)),
    spf,
    dkim,
    dmarc,
    spfDomain,
    dkimDomain: (aligned ?? passed[0])?.signingDomain?.toLowerCase() ?? null,
    skipped: null,
  };
}

/**
 * Checks a received message's sender with mailauth (postalsys): SPF for the envelope sender and the client
 * address, every DKIM signature, and DMARC for the `From:` domain; ARC and BIMI are not asked for. Every DNS
 * question goes through `resolver`, so tests answer from a table and the worker asks the main thread (no
 * network in tests, and the main thread's resolver has the timeouts).
 *
 * @param source the message as received; read once
 * @param options.envelope `MAIL FROM`, the client address and its EHLO name
 * @param options.resolver answers `(name, type)` as `dns.promises.resolve` does, failing with its error codes
 * @param options.mta this server's name, for the Authentication-Results mailauth builds (not stored)
 * @returns what the checks found; a message without exactly one `From:` address is never verified
 * @example
 * const check = await verifySender(createReadStream(path), { envelope, resolver, mta: 'in.example.com' });
 * @see https://github.com/postalsys/mailauth; RFC 7208 (SPF), 6376 (DKIM), 7489 (DMARC)
 */
export async function verifySender(
  source: Readable,
  options: { envelope: SmtpEnvelope; resolver: DNSResolver; mta: string },
): Promise<SenderCheck> {
  const { authenticate } = await import('mailauth');
  const result = await authenticate(source, {
    sender: options.envelope.mailFrom,
    ip: options.envelope.clientAddress,
    helo: options.envelope.helo || options.envelope.clientAddress,
    mta: options.mta,
    resolver: options.resolver,
    disableArc: true,
    disableBimi: true,
  });
  return summariseSenderCheck(result);
}
