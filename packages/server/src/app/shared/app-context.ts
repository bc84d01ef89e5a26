import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import type { ImportShapeLimits } from '../../import/index.js';
import type { EmailHtmlLimits } from '../../mail/cut-email-html.js';
import type { MailSender } from '../../mail/mail-sender.js';
import type { MailWorkers } from '../../mail/mail-workers.js';
import type { SignInCsrf } from './sign-in-csrf.js';

/** What every settings route needs. */
export interface AppContext {
  db: Database;
  logger: Logger;
  clock: Clock;
  /** Sign-in attempts per client address, in the store of the API limit (see `createLimiter`). */
  signInLimiter: RateLimiterAbstract;
  /** Sign-in attempts per account (the address typed), in the same store. */
  accountSignInLimiter: RateLimiterAbstract;
  /** The CSRF check of the forms used before sign-in (sign-in, invitation, password reset), which needs no session. */
  signInCsrf: SignInCsrf;
  /** Allow http and loopback webhook addresses (development only), as the delivery worker does. */
  allowInsecureWebhooks: boolean;
  /** The server's public origin (`PROSPECTKIT_PUBLIC_URL`), for the commands the pages show; else the request's. */
  publicUrl: string | undefined;
  /** The largest CSV file the Import page accepts, in bytes (`PROSPECTKIT_IMPORT_MAX_BYTES`). */
  importMaxBytes: number;
  /** The largest shape of CSV file it accepts: columns, field and row bytes (`PROSPECTKIT_IMPORT_MAX_*`). */
  importShape: ImportShapeLimits;
  /** Outgoing mail (through the relay, or kept unsent) and the domain of inbound addresses. */
  mail: SettingsMail;
}

/** The settings area's mail: how to send, and the inbound domain (`PROSPECTKIT_INBOUND_DOMAIN`). */
export interface SettingsMail {
  /** Sends the replies written on the settings pages: through `PROSPECTKIT_SMTP_RELAY_URL`, or kept unsent without one. */
  sender: MailSender;
  /** `PROSPECTKIT_INBOUND_DOMAIN`: the domain of inbound and reply addresses, lower case. Default `localhost`. */
  inboundDomain: string;
  /**
   * The mail workers, which sanitise HTML stored before migration 15 when it is first shown. Default: a 1-thread
   * pool of the app's own, made on first use.
   * @internal `startServer` shares its pool with the SMTP listener; embedders leave it out.
   */
  workers?: MailWorkers | undefined;
  /** How much of a message's HTML part is kept (`PROSPECTKIT_MAIL_HTML_MAX_*`). Default `DEFAULT_EMAIL_HTML_LIMITS`. */
  htmlLimits?: EmailHtmlLimits | undefined;
}
