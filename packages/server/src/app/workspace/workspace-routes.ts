import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  createWorkspace,
  listWorkspaces,
  renameWorkspace,
  setWorkspaceSuspended,
  type Workspace,
} from '../../store/workspaces.js';
import type { SettingsContext } from '../shared/app-context.js';
import { nameProblem, textOf } from '../shared/form-body.js';
import { workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { workspacePage, workspacesPage } from './workspace-pages.js';

/** The workspace named in the path (set by {@link loadWorkspace}). */
export const currentWorkspace = (res: Response) => res.locals.workspace as Workspace;

/** Answers 404 for an unknown workspace id; otherwise puts the workspace in `res.locals.workspace`. */
export function loadWorkspace(ctx: SettingsContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const id = req.params.workspaceId;
    const workspace = (await listWorkspaces(ctx.db)).find((w) => w.id === id);
    if (!workspace) {
      return render(req, res, messagePage('Not found', 'There is no workspace with that id.'), {
        status: 404,
      });
    }
    res.locals.workspace = workspace;
    next();
  };
}

/** `/settings` (to the only workspace, or the picker) and the workspace picker `/settings/workspaces`. */
export function workspacePickerRoutes(ctx: SettingsContext): Router {
  const router = express.Router();

  router.get('/', async (_req, res) => {
    const workspaces = await listWorkspaces(ctx.db);
    res.redirect(
      303,
      workspaces.length === 1 ? workspaceUrl((workspaces[0] as Workspace).id) : '/settings/workspaces',
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
    await redirectWithFlash(req, res, workspaceUrl(workspace.id), {
      text: `Workspace "${workspace.name}" added.`,
    });
  });
  return router;
}

/** One workspace's own settings, below `/settings/workspaces/:workspaceId`: name, suspend and resume. */
export function workspaceSettingsRoutes(ctx: SettingsContext): Router {
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
    await redirectWithFlash(req, res, workspaceUrl(workspace.id), { text: 'Workspace name saved.' });
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
      await redirectWithFlash(req, res, workspaceUrl(workspace.id), {
        text: suspended
          ? 'Workspace suspended: its tokens get 401 until you resume it.'
          : 'Workspace resumed: its tokens work again.',
      });
    });
  }
  return one;
}
