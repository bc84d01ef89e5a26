import express, { type Response, type Router } from 'express';
import { withAudit } from '../../store/audit-log.js';
import { addMember, listPersonWorkspaces } from '../../store/members.js';
import { createWorkspace, renameWorkspace, setWorkspaceSuspended } from '../../store/workspaces.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { nameProblem, textOf } from '../shared/form-body.js';
import { settingsUrl, workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { currentPerson } from '../shared/session-lifetime.js';
import { workspacePage, workspacesPage } from './workspace-pages.js';

/**
 * `/` (the person's only workspace, or the picker) and the workspace picker `/workspaces`, which lists the
 * workspaces the signed-in person is a member of. Creating one is for the installation's owner (who owns it).
 */
export function workspacePickerRoutes(ctx: AppContext): Router {
  const router = express.Router();
  const mine = (res: Response) => listPersonWorkspaces(ctx.db, currentPerson(res).id);

  router.get('/', async (_req, res) => {
    const workspaces = await mine(res);
    const [only] = workspaces;
    res.redirect(303, workspaces.length === 1 && only ? workspaceUrl(only.id, '/prospects') : '/workspaces');
  });

  router.get('/workspaces', async (req, res) => {
    const workspaces = await mine(res);
    const canCreate = currentPerson(res).installation_owner;
    render(req, res, workspacesPage({ csrf: csrfOf(req), workspaces, canCreate }), { flash: takeFlash(req) });
  });

  router.post('/workspaces', async (req, res) => {
    const person = currentPerson(res);
    if (!person.installation_owner) {
      return render(
        req,
        res,
        messagePage('Not allowed', 'Only the owner of this installation creates workspaces.', {
          href: '/workspaces',
          label: 'Back to workspaces',
        }),
        { status: 403 },
      );
    }
    const name = textOf(req.body, 'name');
    const problem = nameProblem(name, 'workspace');
    if (problem) {
      const workspaces = await mine(res);
      return render(
        req,
        res,
        workspacesPage({ csrf: csrfOf(req), workspaces, canCreate: true, name, errors: { name: problem } }),
        {
          status: 422,
        },
      );
    }
    const workspace = await withAudit(
      ctx.db,
      async (tx) => {
        const created = await createWorkspace(tx, name.trim());
        await addMember(tx, {
          workspaceId: created.id,
          personId: person.id,
          role: 'owner',
          name: person.name || person.email,
          email: person.email,
        });
        return created;
      },
      (created) => ({
        workspaceId: created.id,
        actor: auditActor(req, res),
        action: 'workspace.created',
        target: { type: 'workspace', id: created.id, label: created.name },
        now: ctx.clock.now(),
      }),
    );
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
    await withAudit(
      ctx.db,
      (tx) => renameWorkspace(tx, workspace.id, name.trim()),
      () => ({
        workspaceId: workspace.id,
        actor: auditActor(req, res),
        action: 'workspace.renamed',
        target: { type: 'workspace', id: workspace.id, label: name.trim() },
        detail: `was ${workspace.name}`,
        now: ctx.clock.now(),
      }),
    );
    await redirectWithFlash(req, res, settingsUrl(workspace.id), { text: 'Workspace name saved.' });
  });
  for (const [action, suspended] of [
    ['suspend', true],
    ['resume', false],
  ] as const) {
    one.post(`/${action}`, async (req, res) => {
      const workspace = currentWorkspace(res);
      await withAudit(
        ctx.db,
        (tx) => setWorkspaceSuspended(tx, workspace.id, suspended),
        () => ({
          workspaceId: workspace.id,
          actor: auditActor(req, res),
          action: suspended ? 'workspace.suspended' : 'workspace.resumed',
          target: { type: 'workspace', id: workspace.id, label: workspace.name },
          now: ctx.clock.now(),
        }),
      );
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
