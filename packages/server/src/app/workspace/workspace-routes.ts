import express, { type Router } from 'express';
import {
  createWorkspace,
  listWorkspaces,
  renameWorkspace,
  setWorkspaceSuspended,
  type Workspace,
} from '../../store/workspaces.js';
import type { AppContext } from '../shared/app-context.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { nameProblem, textOf } from '../shared/form-body.js';
import { settingsUrl, workspaceUrl } from '../shared/layout.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { workspacePage, workspacesPage } from './workspace-pages.js';

/** `/` (the only workspace's prospects, or the picker) and the workspace picker `/workspaces`. */
export function workspacePickerRoutes(ctx: AppContext): Router {
  const router = express.Router();

  router.get('/', async (_req, res) => {
    const workspaces = await listWorkspaces(ctx.db);
    res.redirect(
      303,
      workspaces.length === 1 ? workspaceUrl((workspaces[0] as Workspace).id, '/prospects') : '/workspaces',
    );
  });

  router.get('/workspaces', async (req, res) => {
    const workspaces = await listWorkspaces(ctx.db);
    render(req, res, workspacesPage({ csrf: csrfOf(req), workspaces }), { flash: takeFlash(req) });
  });

  router.post('/workspaces', async (req, res) => {
    const name = textOf(req.body, 'name');
    const problem = nameProblem(name, 'workspace');
    if (problem) {
      const workspaces = await listWorkspaces(ctx.db);
      return render(
        req,
        res,
        workspacesPage({ csrf: csrfOf(req), workspaces, name, errors: { name: problem } }),
        {
          status: 422,
        },
      );
    }
    const workspace = await createWorkspace(ctx.db, name.trim());
    ctx.logger.info({ req_id: req.id, workspace_id: workspace.id }, 'settings: workspace created');
    await redirectWithFlash(req, res, settingsUrl(workspace.id), {
      text: `Workspace "${workspace.name}" added.`,
    });
  });
  return router;
}

/** One workspace's own settings, `/workspaces/:workspaceId/settings`: name, suspend and resume. */
export function workspaceSettingsRoutes(ctx: AppContext): Router {
  const one = express.Router({ mergeParams: true });
  one.get('/', (req, res) => {
    render(
      req,
      res,
      workspacePage({
        csrf: csrfOf(req),
        workspace: currentWorkspace(res),
        inboundDomain: ctx.mail.inboundDomain,
      }),
      {
        flash: takeFlash(req),
      },
    );
  });
  one.post('/name', async (req, res) => {
    const workspace = currentWorkspace(res);
    const name = textOf(req.body, 'name');
    const problem = nameProblem(name, 'workspace');
    if (problem) {
      return render(
        req,
        res,
        workspacePage({
          csrf: csrfOf(req),
          workspace,
          name,
          errors: { name: problem },
          inboundDomain: ctx.mail.inboundDomain,
        }),
        {
          status: 422,
        },
      );
    }
    await renameWorkspace(ctx.db, workspace.id, name.trim());
    await redirectWithFlash(req, res, settingsUrl(workspace.id), { text: 'Workspace name saved.' });
  });
  for (const [action, suspended] of [
    ['suspend', true],
    ['resume', false],
  ] as const) {
    one.post(`/${action}`, async (req, res) => {
      const workspace = currentWorkspace(res);
      await setWorkspaceSuspended(ctx.db, workspace.id, suspended);
      ctx.logger.info(
        { req_id: req.id, workspace_id: workspace.id, suspended },
        'settings: workspace suspension',
      );
      await redirectWithFlash(req, res, settingsUrl(workspace.id), {
        text: suspended
          ? 'Workspace suspended: its tokens get 401 until you resume it.'
          : 'Workspace resumed: its tokens work again.',
      });
    });
  }
  return one;
}
