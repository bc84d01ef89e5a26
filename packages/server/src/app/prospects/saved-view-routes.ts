import express, { type Request, type Response, type Router } from 'express';
import { withAudit } from '../../store/audit-log.js';
import { createSavedView, deleteSavedView } from '../../store/saved-views.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { workspaceUrl } from '../shared/layout.js';
import { redirectWithFlash } from '../shared/render.js';
import { QUERY_MAX, readSavedViewForm } from './saved-view-form.js';

/**
 * Saved views of the prospect list, below `/workspaces/:workspaceId/prospects/views`: save the list's current
 * query under a name, and delete one. Both are changes (`AREA_RULES.prospects.change`: members and up; viewers
 * get 403) and both are written to the audit log (`view.saved`, `view.deleted`) with the change.
 *
 * @see docs/pagination.md, Saved views
 */
export function savedViewRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const wsId = (res: Response) => currentWorkspace(res).id;
  const list = (res: Response, query = '') =>
    workspaceUrl(wsId(res), `/prospects${query ? `?${query}` : ''}`);

  router.post('/', async (req: Request, res: Response) => {
    const form = readSavedViewForm(req.body as Record<string, unknown>);
    if ('problem' in form) {
      const back = typeof req.body?.query === 'string' ? (req.body.query as string) : '';
      return redirectWithFlash(req, res, list(res, back.length <= QUERY_MAX ? back : ''), {
        text: form.problem,
        tone: 'warning',
      });
    }
    await withAudit(
      ctx.db,
      (tx) =>
        createSavedView(tx, {
          workspaceId: wsId(res),
          ...form,
          createdBy: currentMember(res).id,
          now: ctx.clock.now(),
        }),
      (view) => ({
        workspaceId: view.workspace_id,
        actor: auditActor(req, res),
        action: 'view.saved',
        target: { type: 'view', id: view.id, label: view.name },
        detail: view.query,
        now: ctx.clock.now(),
      }),
    );
    await redirectWithFlash(req, res, list(res, form.query), { text: `View “${form.name}” saved.` });
  });

  router.post('/:viewId/delete', async (req: Request, res: Response) => {
    const deleted = await withAudit(
      ctx.db,
      (tx) => deleteSavedView(tx, wsId(res), String(req.params.viewId)),
      (view) =>
        view && {
          workspaceId: view.workspace_id,
          actor: auditActor(req, res),
          action: 'view.deleted',
          target: { type: 'view', id: view.id, label: view.name },
          now: ctx.clock.now(),
        },
    );
    await redirectWithFlash(req, res, list(res), {
      text: deleted ? `View “${deleted.name}” deleted.` : 'That view was already deleted.',
    });
  });
  return router;
}
