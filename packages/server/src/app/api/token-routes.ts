import express, { type Request, type Response, type Router } from 'express';
import {
  type ApiTokenRecord,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from '../../store/api-tokens.js';
import { withAudit } from '../../store/audit-log.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { settingsUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { blankTokenForm, parseTokenForm } from './token-form.js';
import { newTokenPage, revokeTokenPage, tokenCreatedPage, tokensPage } from './token-pages.js';

/**
 * A workspace's API tokens, below `/workspaces/:workspaceId/settings/tokens`: the list, create (the token is
 * shown once, in the answer to the form, and never stored or logged) and revoke after a confirmation.
 *
 * @see openapi.yaml `info.description` (Authentication)
 */
export function tokenRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });

  async function findToken(req: Request, res: Response): Promise<ApiTokenRecord | undefined> {
    const tokens = await listApiTokens(ctx.db, currentWorkspace(res).id);
    const token = tokens.find((t) => t.id === req.params.tokenId);
    if (!token) {
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no token with that id.', {
          href: settingsUrl(currentWorkspace(res).id, '/tokens'),
          label: 'Back to API tokens',
        }),
        { status: 404 },
      );
    }
    return token;
  }

  router.get('/', async (req, res) => {
    const workspace = currentWorkspace(res);
    const tokens = await listApiTokens(ctx.db, workspace.id);
    render(req, res, tokensPage({ workspaceId: workspace.id, tokens, now: ctx.clock.now() }), {
      flash: takeFlash(req),
    });
  });

  router.get('/new', (req, res) => {
    const now = ctx.clock.now();
    render(
      req,
      res,
      newTokenPage({
        csrf: csrfOf(req),
        workspaceId: currentWorkspace(res).id,
        values: blankTokenForm(now),
        now,
      }),
    );
  });

  router.post('/', async (req, res) => {
    const workspace = currentWorkspace(res);
    const now = ctx.clock.now();
    const form = parseTokenForm(req.body, now);
    if (!form.ok) {
      return render(
        req,
        res,
        newTokenPage({
          csrf: csrfOf(req),
          workspaceId: workspace.id,
          values: form.values,
          errors: form.errors,
          now,
        }),
        { status: 422 },
      );
    }
    const { token, record } = await withAudit(
      ctx.db,
      (tx) =>
        createApiToken(tx, {
          workspaceId: workspace.id,
          ...form.value,
          now,
          createdBy: currentMember(res).id,
        }),
      ({ record }) => ({
        workspaceId: workspace.id,
        actor: auditActor(req, res),
        action: 'token.created',
        target: { type: 'token', id: record.id, label: record.name },
        detail: record.abilities.join(', '),
        now,
      }),
    );
    ctx.logger.info(
      { req_id: req.id, workspace_id: workspace.id, token_id: record.id },
      'settings: token created',
    );
    render(req, res, tokenCreatedPage({ workspaceId: workspace.id, token, record }), { status: 201 });
  });

  router.get('/:tokenId/revoke', async (req, res) => {
    const token = await findToken(req, res);
    if (!token) return;
    if (token.revoked_at) return res.redirect(303, settingsUrl(currentWorkspace(res).id, '/tokens'));
    render(req, res, revokeTokenPage({ csrf: csrfOf(req), workspaceId: currentWorkspace(res).id, token }));
  });

  router.post('/:tokenId/revoke', async (req, res) => {
    const token = await findToken(req, res);
    if (!token) return;
    await withAudit(
      ctx.db,
      (tx) => revokeApiToken(tx, token.id),
      () => ({
        workspaceId: token.workspace_id,
        actor: auditActor(req, res),
        action: 'token.revoked',
        target: { type: 'token', id: token.id, label: token.name },
        now: ctx.clock.now(),
      }),
    );
    ctx.logger.info(
      { req_id: req.id, workspace_id: token.workspace_id, token_id: token.id },
      'settings: token revoked',
    );
    await redirectWithFlash(req, res, settingsUrl(currentWorkspace(res).id, '/tokens'), {
      text: `Token "${token.name}" revoked.`,
    });
  });

  return router;
}
