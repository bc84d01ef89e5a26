import type { Logger } from 'pino';
import { type Clock, systemClock } from '../clock.js';
import type { Database } from '../db/database.js';
import type { MailSender } from '../mail/mail-sender.js';
import { listMembers } from '../store/members.js';
import { disableFailingWebhooks } from '../store/webhook-health.js';

/** Options of {@link createWebhookHealthWatch}. */
export interface WebhookHealthWatchOptions {
  db: Database;
  logger: Logger;
  /** The outgoing relay (`PROSPECTKIT_SMTP_RELAY_URL`) that emails the administrators. */
  mailSender: MailSender;
  /**
   * `PROSPECTKIT_ADMIN_EMAIL`: who runs the server, told besides the workspace's owners and admins. Default none.
   */
  adminEmails: readonly string[];
  /** The domain of the sender address, `prospectkit@<domain>` (`PROSPECTKIT_INBOUND_DOMAIN`). */
  inboundDomain: string;
  /** `PROSPECTKIT_PUBLIC_URL`, for the link to the webhook's health page. Default: no link. */
  publicUrl: string | undefined;
  /** How often to look, in ms. Default 300,000 (5 minutes). */
  intervalMs?: number;
  /** Default: the system clock. */
  clock?: Clock;
}

/** A running watch; see {@link createWebhookHealthWatch}. */
export interface WebhookHealthWatch {
  start(): void;
  stop(): void;
  /** Looks once: disables what is due and emails about it; resolves to the webhooks disabled. */
  runOnce(): Promise<string[]>;
}

/**
 * Disables a webhook whose attempts have all failed for its `auto_disable_days` (as Svix does after 5 days),
 * holding its deliveries until a person enables it again, and emails the workspace's owners and admins (the roles
 * that manage webhooks, app/shared/authorize.ts) and `PROSPECTKIT_ADMIN_EMAIL` through the outgoing relay, each
 * address once. Every process that runs background work runs it; the statement that disables a webhook returns it
 * to one of them, which alone sends the email.
 *
 * @see packages/server/README.md, "Delivery health"
 */
export function createWebhookHealthWatch(options: WebhookHealthWatchOptions): WebhookHealthWatch {
  const { db, logger } = options;
  const clock = options.clock ?? systemClock;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function runOnce(): Promise<string[]> {
    const now = clock.now();
    const disabled = await disableFailingWebhooks(db, now);
    for (const webhook of disabled) {
      logger.warn(
        { webhook_id: webhook.id, workspace_id: webhook.workspace_id, failing_since: webhook.failing_since },
        'webhook disabled after days of failed deliveries; its deliveries are held until it is enabled again',
      );
      const path = `/workspaces/${webhook.workspace_id}/settings/webhooks/${webhook.id}/health`;
      const page = options.publicUrl
        ? `${options.publicUrl}${path}`
        : `the webhook's Delivery health page in the workspace's settings (${path})`;
      const text = [
        `Every delivery attempt to the webhook ${webhook.id} of the workspace "${webhook.workspace_name}" has failed since ${new Date(webhook.failing_since).toISOString()}.`,
        `After ${webhook.days} ${webhook.days === 1 ? 'day' : 'days'} of failures it was disabled automatically at ${now.toISOString()}.`,
        '',
        `Address: ${webhook.url}`,
        '',
        'Its events are kept: they are delivered, in order, once the webhook is enabled again.',
        `Fix the receiver, then enable the webhook on ${page}.`,
      ].join('\n');
      const managers = (await listMembers(db, webhook.workspace_id))
        .filter((m) => m.role === 'owner' || m.role === 'admin')
        .map((m) => m.email);
      for (const to of new Set([...managers, ...options.adminEmails])) {
        const result = await options.mailSender.send({
          from: { name: 'ProspectKit', address: `prospectkit@${options.inboundDomain}` },
          to,
          replyTo: `prospectkit@${options.inboundDomain}`,
          subject: `Webhook disabled after ${webhook.days} ${webhook.days === 1 ? 'day' : 'days'} of failures (${webhook.workspace_name})`,
          text,
          messageId: `webhook-disabled.${webhook.id}.${now.getTime()}@${options.inboundDomain}`,
          inReplyTo: null,
          referencesIds: [],
        });
        if (result.status !== 'sent')
          logger.warn(
            { webhook_id: webhook.id, status: result.status, error: result.error },
            'webhook disabled: the email to an owner or admin was not sent',
          );
      }
    }
    return disabled.map((w) => w.id);
  }

  return {
    start() {
      const look = () => {
        running = runOnce().catch((error: unknown) =>
          logger.error({ err: error }, 'looking for webhooks to disable failed; retrying later'),
        );
      };
      timer = setInterval(look, options.intervalMs ?? 300_000);
      timer.unref();
      look();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      void running;
    },
    runOnce,
  };
}
