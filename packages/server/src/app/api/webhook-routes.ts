import express, { type Request, type Response, type Router } from 'express';
import { type AuditAction, recordAudit, withAudit } from '../../store/audit-log.js';
import {
  type DeliveryRecord,
  getDelivery,
  listWebhookDeliveries,
  resendDelivery,
} from '../../store/deliveries.js';
import { getEvent } from '../../store/events.js';
import { webhookStandings } from '../../store/webhook-health.js';
import {
  createWebhook,
  getWebhookSigningSecrets,
  listWebhooks,
  revokeWebhook,
  rollWebhookSecret,
  type WebhookRecord,
} from '../../store/webhooks.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { formatUtc } from '../shared/format.js';
import { settingsUrl, webhookUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { deliveryPage } from './delivery-pages.js';
import { blankRollSecretForm, parseRollSecretForm, type RollSecretFormValues } from './roll-secret-form.js';
import { checkWebhookAddressForSettings } from './webhook-address-check.js';
import { parseWebhookForm } from './webhook-form.js';
import { newWebhookPage, revokeWebhookPage, webhookPage, webhooksPage } from './webhook-pages.js';

/**
 * A workspace's webhooks, below `/workspaces/:workspaceId/settings/webhooks`: the list; add (address checked by
 * `checkWebhookAddressForSettings`); a webhook's page with its signing secret (revealed on request), secret
 * roll, revoke and deliveries; a delivery's attempts and payload, and Resend.
 *
 * @see openapi.yaml `info.description` (Webhooks) and `components.parameters.ServiceSignature`; the server README
 *   (Settings area)
 */
export function webhookRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const wsId = (res: Response) => currentWorkspace(res).id;

  async function findWebhook(req: Request, res: Response): Promise<WebhookRecord | undefined> {
    const webhook = (await listWebhooks(ctx.db, wsId(res))).find((w) => w.id === req.params.webhookId);
    if (!webhook) {
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no webhook with that id.', {
          href: settingsUrl(wsId(res), '/webhooks'),
          label: 'Back to webhooks',
        }),
        { status: 404 },
      );
    }
    return webhook;
  }

  function deliveryNotFound(req: Request, res: Response, webhook: WebhookRecord): void {
    render(
      req,
      res,
      messagePage('Not found', 'This webhook has no delivery with that id.', {
        href: webhookUrl(wsId(res), webhook.id),
        label: 'Back to the webhook',
      }),
      { status: 404 },
    );
  }

  async function showWebhook(
    req: Request,
    res: Response,
    webhook: WebhookRecord,
    options: {
      reveal?: boolean;
      roll?: RollSecretFormValues;
      errors?: FieldErrors;
      status?: number;
      flash?: string;
    } = {},
  ): Promise<void> {
    const now = ctx.clock.now();
    const before = typeof req.query.before === 'string' ? req.query.before : undefined;
    const { deliveries, more } = await listWebhookDeliveries(ctx.db, {
      workspaceId: wsId(res),
      webhookId: webhook.id,
      before,
    });
    const secrets = options.reveal
      ? await getWebhookSigningSecrets(ctx.db, wsId(res), webhook.id)
      : undefined;
    const standing = (await webhookStandings(ctx.db, wsId(res))).get(webhook.id);
    if (options.reveal)
      ctx.logger.info({ req_id: req.id, webhook_id: webhook.id }, 'settings: signing secret revealed');
    render(
      req,
      res,
      webhookPage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        webhook,
        secrets,
        roll: options.roll ?? blankRollSecretForm(now),
        ...(options.errors ? { errors: options.errors } : {}),
        deliveries,
        moreDeliveries: more,
        olderPage: before !== undefined,
        standing,
        now,
      }),
      {
        ...(options.status ? { status: options.status } : {}),
        ...(options.flash ? { flash: { text: options.flash } } : {}),
      },
    );
  }

  /** An audit entry of its own, for a change that stores nothing else (revealing a secret). */
  const audit = (req: Request, res: Response, action: AuditAction, webhook: { id: string; url: string }) =>
    recordAudit(ctx.db, {
      workspaceId: wsId(res),
      actor: auditActor(req, res),
      action,
      target: { type: 'webhook', id: webhook.id, label: webhook.url },
      now: ctx.clock.now(),
    });

  router.get('/', async (req, res) => {
    const webhooks = await listWebhooks(ctx.db, wsId(res));
    const standings = await webhookStandings(ctx.db, wsId(res));
    render(req, res, webhooksPage({ workspaceId: wsId(res), webhooks, standings }), {
      flash: takeFlash(req),
    });
  });

  router.get('/new', (req, res) => {
    render(
      req,
      res,
      newWebhookPage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        values: { url: '', events: [] },
        allowInsecure: ctx.allowInsecureWebhooks,
      }),
    );
  });

  router.post('/', async (req, res) => {
    const form = await parseWebhookForm(req.body, (address) =>
      checkWebhookAddressForSettings(address, { allowInsecure: ctx.allowInsecureWebhooks }),
    );
    if (!form.ok) {
      return render(
        req,
        res,
        newWebhookPage({
          csrf: csrfOf(req),
          workspaceId: wsId(res),
          values: form.values,
          errors: form.errors,
          allowInsecure: ctx.allowInsecureWebhooks,
        }),
        { status: 422 },
      );
    }
    const { record } = await withAudit(
      ctx.db,
      (tx) => createWebhook(tx, { workspaceId: wsId(res), ...form.value, createdBy: currentMember(res).id }),
      ({ record }) => ({
        workspaceId: record.workspace_id,
        actor: auditActor(req, res),
        action: 'webhook.added',
        target: { type: 'webhook', id: record.id, label: record.url },
        detail: record.events.join(', '),
        now: ctx.clock.now(),
      }),
    );
    ctx.logger.info(
      { req_id: req.id, workspace_id: wsId(res), webhook_id: record.id },
      'settings: webhook created',
    );
    await redirectWithFlash(req, res, webhookUrl(wsId(res), record.id), {
      text: 'Webhook added. Copy its signing secret into your receiver.',
      revealWebhookId: record.id,
    });
  });

  router.get('/:webhookId', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    const flash = takeFlash(req);
    await showWebhook(req, res, webhook, {
      reveal: flash?.revealWebhookId === webhook.id && !webhook.revoked_at,
      ...(flash ? { flash: flash.text } : {}),
    });
  });

  // Reveal is a POST (with its CSRF token) so a secret never comes from a link, a prefetch or the history.
  router.post('/:webhookId/secret', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    await audit(req, res, 'webhook.secret_revealed', webhook);
    await redirectWithFlash(req, res, webhookUrl(wsId(res), webhook.id), {
      text: 'The signing secret is shown below until you leave this page.',
      revealWebhookId: webhook.id,
    });
  });

  router.post('/:webhookId/roll', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    const now = ctx.clock.now();
    const form = parseRollSecretForm(req.body, now);
    if (!form.ok)
      return showWebhook(req, res, webhook, { roll: form.values, errors: form.errors, status: 422 });
    const rolled = await withAudit(
      ctx.db,
      (_tx, joined) =>
        rollWebhookSecret(joined, {
          workspaceId: wsId(res),
          id: webhook.id,
          effectiveAt: form.value.effectiveAt,
          now,
        }),
      (done) =>
        done && {
          workspaceId: webhook.workspace_id,
          actor: auditActor(req, res),
          action: 'webhook.secret_rolled',
          target: { type: 'webhook', id: webhook.id, label: webhook.url },
          detail: `takes effect ${form.value.effectiveAt.toISOString()}`,
          now,
        },
    );
    if (!rolled) return res.redirect(303, webhookUrl(wsId(res), webhook.id));
    ctx.logger.info(
      { req_id: req.id, webhook_id: webhook.id, effective_at: form.value.effectiveAt },
      'settings: signing secret rolled',
    );
    await redirectWithFlash(req, res, webhookUrl(wsId(res), webhook.id), {
      text: rolled.next_secret_at
        ? `New signing secret made. It signs events from ${formatUtc(rolled.next_secret_at)}; add it to your receiver now.`
        : 'New signing secret made. It signs every event from now on.',
      revealWebhookId: webhook.id,
    });
  });

  router.get('/:webhookId/revoke', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    if (webhook.revoked_at) return res.redirect(303, webhookUrl(wsId(res), webhook.id));
    render(req, res, revokeWebhookPage({ csrf: csrfOf(req), workspaceId: wsId(res), webhook }));
  });

  router.post('/:webhookId/revoke', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    await withAudit(
      ctx.db,
      (tx) => revokeWebhook(tx, webhook.id),
      () => ({
        workspaceId: webhook.workspace_id,
        actor: auditActor(req, res),
        action: 'webhook.removed',
        target: { type: 'webhook', id: webhook.id, label: webhook.url },
        now: ctx.clock.now(),
      }),
    );
    ctx.logger.info({ req_id: req.id, webhook_id: webhook.id }, 'settings: webhook revoked');
    await redirectWithFlash(req, res, webhookUrl(wsId(res), webhook.id), {
      text: 'Webhook revoked. Its pending deliveries are stopped.',
    });
  });

  router.get('/:webhookId/deliveries/:deliveryId', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    const delivery = await getDelivery(ctx.db, req.params.deliveryId as string, {
      workspaceId: wsId(res),
      webhookId: webhook.id,
    });
    const event = delivery && (await getEvent(ctx.db, delivery.event_id));
    if (!delivery || !event) return deliveryNotFound(req, res, webhook);
    render(
      req,
      res,
      deliveryPage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        webhookId: webhook.id,
        webhookActive: !webhook.revoked_at,
        delivery,
        event,
      }),
      { flash: takeFlash(req) },
    );
  });

  router.post('/:webhookId/deliveries/:deliveryId/resend', async (req, res) => {
    const webhook = await findWebhook(req, res);
    if (!webhook) return;
    let resent: DeliveryRecord | undefined;
    try {
      resent = await resendDelivery(ctx.db, {
        workspaceId: wsId(res),
        webhookId: webhook.id,
        deliveryId: req.params.deliveryId as string,
        now: ctx.clock.now(),
      });
    } catch (error) {
      // resendDelivery's one refusal besides an unknown delivery: the webhook was revoked (maybe since the page
      // was shown).
      if (!(error instanceof RangeError)) throw error;
      return render(
        req,
        res,
        messagePage('Cannot resend', 'This webhook is revoked, so its events are no longer sent.', {
          href: webhookUrl(wsId(res), webhook.id),
          label: 'Back to the webhook',
        }),
        { status: 409 },
      );
    }
    if (!resent) return deliveryNotFound(req, res, webhook);
    const id = resent.id;
    ctx.logger.info(
      { req_id: req.id, webhook_id: webhook.id, delivery_id: id, resent_from: req.params.deliveryId },
      'settings: delivery resent',
    );
    await redirectWithFlash(
      req,
      res,
      webhookUrl(wsId(res), webhook.id, `/deliveries/${encodeURIComponent(id)}`),
      { text: 'Resent: this is the new delivery of the same event.' },
    );
  });

  return router;
}
