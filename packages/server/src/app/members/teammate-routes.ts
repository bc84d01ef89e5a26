import express, { type Request, type Response, type Router } from 'express';
import { countAssignedConversations } from '../../store/conversations.js';
import {
  createTeammate,
  getTeammate,
  listTeammates,
  removeTeammate,
  type Teammate,
  TeammateError,
} from '../../store/teammates.js';
import type { AppContext } from '../shared/app-context.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { settingsUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { parseTeammateForm, type TeammateFormValues } from './teammate-form.js';
import { removeTeammatePage, teammatesPage } from './teammate-pages.js';

/**
 * A workspace's teammates, below `/workspaces/:workspaceId/settings/teammates`: the list with the add form, and
 * remove after a confirmation (which unassigns their conversations, see `removeTeammate`).
 *
 * @see docs/architecture.md (teammates and conversations); openapi.yaml `webhooks.conversation.assigned`
 */
export function teammateRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const listUrl = (res: Response) => settingsUrl(currentWorkspace(res).id, '/teammates');

  async function page(
    req: Request,
    res: Response,
    form?: { values: TeammateFormValues; errors: FieldErrors },
  ) {
    const workspaceId = currentWorkspace(res).id;
    const teammates = await listTeammates(ctx.db, { workspaceId });
    render(req, res, teammatesPage({ csrf: csrfOf(req), workspaceId, teammates, ...form }), {
      ...(form ? { status: 422 } : { flash: takeFlash(req) }),
    });
  }

  async function findTeammate(req: Request, res: Response): Promise<Teammate | undefined> {
    const teammate = await getTeammate(ctx.db, {
      workspaceId: currentWorkspace(res).id,
      id: String(req.params.teammateId),
    });
    if (!teammate)
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no teammate with that id.', {
          href: listUrl(res),
          label: 'Back to teammates',
        }),
        { status: 404 },
      );
    return teammate;
  }

  router.get('/', (req, res) => page(req, res));

  router.post('/', async (req, res) => {
    const form = parseTeammateForm(req.body);
    if (!form.ok) return page(req, res, form);
    const workspaceId = currentWorkspace(res).id;
    try {
      const teammate = await createTeammate(ctx.db, { workspaceId, ...form.value });
      ctx.logger.info(
        { req_id: req.id, workspace_id: workspaceId, teammate_id: teammate.id },
        'settings: teammate added',
      );
      await redirectWithFlash(req, res, listUrl(res), { text: `Teammate "${teammate.name}" added.` });
    } catch (error) {
      if (!(error instanceof TeammateError)) throw error;
      await page(req, res, { values: form.values, errors: error.issues as FieldErrors });
    }
  });

  router.get('/:teammateId/remove', async (req, res) => {
    const teammate = await findTeammate(req, res);
    if (!teammate) return;
    const assignedConversations = await countAssignedConversations(ctx.db, {
      workspaceId: teammate.workspace_id,
      teammateId: teammate.id,
    });
    render(
      req,
      res,
      removeTeammatePage({
        csrf: csrfOf(req),
        workspaceId: teammate.workspace_id,
        teammate,
        assignedConversations,
      }),
    );
  });

  router.post('/:teammateId/remove', async (req, res) => {
    const teammate = await findTeammate(req, res);
    if (!teammate) return;
    try {
      const { unassignedProspectIds } = await removeTeammate(ctx.db, {
        workspaceId: teammate.workspace_id,
        id: teammate.id,
        now: ctx.clock.now(),
      });
      ctx.logger.info(
        { req_id: req.id, workspace_id: teammate.workspace_id, teammate_id: teammate.id },
        'settings: teammate removed',
      );
      const n = unassignedProspectIds.length;
      await redirectWithFlash(req, res, listUrl(res), {
        text: `Teammate "${teammate.name}" removed.${n > 0 ? ` ${n} ${n === 1 ? 'conversation' : 'conversations'} unassigned.` : ''}`,
      });
    } catch (error) {
      // Removed by someone else between the page and the form: the list shows the result.
      if (!(error instanceof TeammateError)) throw error;
      await redirectWithFlash(req, res, listUrl(res), {
        text: `Teammate "${teammate.name}" was already removed.`,
      });
    }
  });

  return router;
}
