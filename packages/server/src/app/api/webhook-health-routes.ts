import express, { type Request, type Response, type Router } from 'express';
import { withAudit } from '../../store/audit-log.js';
import {
  setAutoDisableDays,
  setWebhookEnabled,
  webhookHealth,
  webhookStandings,
} from '../../store/webhook-health.js';
import { listWebhooks, type WebhookRecord } from '../../store/webhooks.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { webhookUrl, workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { AUTO_DISABLE_CHOICES, webhookHealthPage } from './webhook-health-page.js';

/**
 * A webhook's delivery health, below `/workspaces/:workspaceId/settings/webhooks/:webhookId/health`: the page
 * (success rate and p50/p95 latency over 24 hours and 7 days), disabling and enabling it by hand, and after how
 * many days of failures it disables itself (`store/webhook-health.ts`; the watch in
 * `delivery/webhook-health-watch.ts` does the disabling and emails the administrators).
 *
 * @see packages/server/README.md, "Delivery health"
 */
export function webhookHealthRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const wsId = (res: Response) => currentWorkspace(res).id;

  async function findWebhook(req: Request, res: Response): Promise<WebhookRecord | undefined> {
    const webhook = (await listWebhooks(ctx.db, wsId(res))).find((w) => w.id === req.params.webhookId);
    if (!webhook) {
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no webhook with that id.', {
          href: workspaceUrl(wsId(res), '/webhooks'),
          label: 'Back to webhooks',
        }),
        { status: 404 },
      );
    }
    return webhook;
  }

  /**
   * Runs a change of the webhook and its `webhook.changed` audit entry in one transaction (docs/architecture.md,
   * "People, roles and the audit log"); `detail` says what changed. Nothing is recorded when the store found no row.
   */
  const changeWebhook = (
    req: Request,
    res: Response,
    webhook: WebhookRecord,
    detail: string,
    change: Parameters<typeof withAudit<boolean>>[1],
  ) =>
    withAudit(ctx.db, change, (changed) =>
      changed
        ? {
            workspaceId: wsId(res),
            actor: auditActor(req, res),
            action: 'webhook.changed',
            target: { type: 'webhook', id: webhook.id, label: webhook.url },
            detail,
            now: ctx.clock.now(),
          }
        : undefined,
    );

  async function show(req: Request, res: Response, webhook: WebhookRecord, error?: string) {
    const standing = (await webhookStandings(ctx.db, wsId(res))).get(webhook.id);
    const { day, week } = await webhookHealth(ctx.db, { webhookId: webhook.id, now: ctx.clock.now() });
    render(
      req,
      res,
      webhookHealthPage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        webhook,
        standing: standing ?? {
          failing_since: null,
          auto_disable_days: null,
          disabled_at: null,
          disabled_reason: null,
          held: 0,
        },
        day,
        week,
        error,
      }),
      { ...(error ? { status: 422 } : {}), flash: takeFlash(req) },
    );
  }

  router.get('/:webhookId/health', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (webhook) await show(req, res, webhook);
  });

  router.post('/:webhookId/health/auto-disable', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    const raw = typeof req.body?.days === 'string' ? req.body.days : '';
    const days = raw === '' ? null : Number(raw);
    if (days !== null && !AUTO_DISABLE_CHOICES.includes(days as (typeof AUTO_DISABLE_CHOICES)[number]))
      return show(req, res, webhook, `Choose Never or one of ${AUTO_DISABLE_CHOICES.join(', ')} days.`);
    await changeWebhook(
      req,
      res,
      webhook,
      days === null
        ? 'never disabled automatically'
        : `disabled automatically after ${days} ${days === 1 ? 'day' : 'days'} of failures`,
      (tx) => setAutoDisableDays(tx, { workspaceId: wsId(res), webhookId: webhook.id, days }),
    );
    ctx.logger.info({ req_id: req.id, webhook_id: webhook.id, days }, 'settings: webhook auto-disable set');
    await redirectWithFlash(req, res, webhookUrl(wsId(res), webhook.id, '/health'), {
      text:
        days === null
          ? 'This webhook is never disabled automatically.'
          : `This webhook is disabled after ${days} ${days === 1 ? 'day' : 'days'} of failed attempts.`,
    });
  });

  for (const [path, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    router.post(`/:webhookId/health/${path}`, async (req, res) => {
      const webhook = await findWebhook(req, res);
      if (!webhook) return;
      await changeWebhook(req, res, webhook, enabled ? 'enabled' : 'disabled', (tx) =>
        setWebhookEnabled(tx, {
          workspaceId: wsId(res),
          webhookId: webhook.id,
          enabled,
          now: ctx.clock.now(),
        }),
      );
      ctx.logger.info({ req_id: req.id, webhook_id: webhook.id }, `settings: webhook ${path}d`);
      await redirectWithFlash(req, res, webhookUrl(wsId(res), webhook.id, '/health'), {
        text: enabled
          ? 'Webhook enabled: its held deliveries are being sent, in order.'
          : 'Webhook disabled: its deliveries are held until you enable it.',
      });
    });
  }

  return router;
}
