import type { Transporter } from 'nodemailer';
import { relayHasCredentials } from './mail-config.js';

/** One message to send, Message-IDs without angle brackets. */
export interface OutgoingMail {
  /** The `From` header: a display name and an address. */
  from: {
    /** The display name, e.g. the workspace's name. */
    name: string;
    /** The sending address. */
    address: string;
  };
  /** The recipient's address (the prospect's `contact_email`). */
  to: string;
  /** The `Reply-To` address that routes an answer back to the conversation (`reply+<conversation id>@...`). */
  replyTo: string;
  /** The `Subject` header. */
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The `Message-ID`, without angle brackets. */
  messageId: string;
  /** The `In-Reply-To` Message-ID without angle brackets; `null` when the message is not a reply. */
  inReplyTo: string | null;
  /** The `References` Message-IDs, oldest first, without angle brackets; empty for a new thread. */
  referencesIds: readonly string[];
}

/** The relay's verdict: `not_sent_no_relay` when no relay is configured (the message is kept, not dropped). */
export type SendResult =
  | {
      /** The relay accepted the message. */
      status: 'sent';
      /** Always `null` when sent. */
      error: null;
    }
  | {
      /** No relay is configured (`PROSPECTKIT_SMTP_RELAY_URL` unset): kept, not sent. */
      status: 'not_sent_no_relay';
      /** Always `null` when no relay is configured. */
      error: null;
    }
  | {
      /** The relay refused the message or could not be reached. */
      status: 'failed';
      /** The relay's reply (at most 300 characters) or "could not be reached"; never its address or credentials. */
      error: string;
    };

/** Sends mail through the configured relay. */
export interface MailSender {
  /** Sends one message; never throws: a failure is a `failed` result. */
  send(mail: OutgoingMail): Promise<SendResult>;
  /** Closes pooled connections. */
  close(): void;
  /**
   * `false` when no relay is configured (every send is `not_sent_no_relay`): the app then shows one-time links to
   * copy instead of emailing them. Default (unset): a relay is there.
   */
  readonly relay?: boolean;
}

const angle = (id: string) => `<${id}>`;

/** The relay's reply code and text, never the relay address or its credentials. */
function describeFailure(error: unknown): string {
  const { responseCode, response, code } = error as {
    responseCode?: number;
    response?: string;
    code?: string;
  };
  if (code === 'ETLS') {
    return `The relay did not start TLS, and its user name and password are only ever sent over TLS: give the relay STARTTLS, or use smtps://.${responseCode ? ` It answered: ${String(response ?? responseCode).slice(0, 200)}` : ''}`;
  }
  if (responseCode) return `The relay refused the message: ${String(response ?? responseCode).slice(0, 300)}`;
  return `The relay could not be reached${code ? ` (${code})` : ''}.`;
}

/**
 * Credentials never travel in clear: over `smtp://` with a user name or password, STARTTLS is required
 * (nodemailer's `requireTLS`: a relay that does not offer it fails the send before AUTH). `smtps://` is TLS from
 * the start. `loadMailConfig` refuses a URL whose query turns this off.
 */
function relayTlsOptions(relayUrl: string): { requireTLS?: true } {
  const url = new URL(relayUrl);
  return url.protocol === 'smtp:' && relayHasCredentials(url) ? { requireTLS: true } : {};
}

/**
 * A sender over nodemailer's SMTP transport to `PROSPECTKIT_SMTP_RELAY_URL`, or one that sends nothing and
 * says so (`not_sent_no_relay`) when no relay is set. Every message carries the given Message-ID, Reply-To and
 * threading headers (RFC 5322 section 3.6.4). With credentials in the URL, `smtp://` requires STARTTLS.
 *
 * @param relayUrl `smtp://user:pass@host:port` or `smtps://...`; `undefined` for none
 * @example
 * const sender = createMailSender('smtp://127.0.0.1:2526');
 * const result = await sender.send({ from, to, replyTo, subject, text, messageId, inReplyTo: null, referencesIds: [] });
 * @see packages/server/README.md, "Mail"
 */
export function createMailSender(relayUrl: string | undefined): MailSender {
  if (relayUrl === undefined) {
    return { send: async () => ({ status: 'not_sent_no_relay', error: null }), close() {}, relay: false };
  }
  let transport: Transporter | undefined;
  // nodemailer is loaded on the first email, not at start: it takes seconds to load on a busy machine.
  async function open(url: string): Promise<Transporter> {
    const { default: nodemailer } = await import('nodemailer');
    // Sent while a person waits for the page: a relay that does not answer fails within seconds, not minutes.
    transport ??= nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...relayTlsOptions(url),
    });
    return transport;
  }
  return {
    async send(mail) {
      try {
        await (await open(relayUrl)).sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          messageId: angle(mail.messageId),
          ...(mail.inReplyTo ? { inReplyTo: angle(mail.inReplyTo) } : {}),
          ...(mail.referencesIds.length ? { references: mail.referencesIds.map(angle) } : {}),
        });
        return { status: 'sent', error: null };
      } catch (error) {
        return { status: 'failed', error: describeFailure(error) };
      }
    },
    close: () => transport?.close(),
  };
}
