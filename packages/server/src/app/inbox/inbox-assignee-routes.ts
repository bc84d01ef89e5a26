import express, { type Router } from 'express';
import { notifyAssignee } from '../../people/notify-assignee.js';
import { assignConversation, ConversationError } from '../../store/conversations.js';
import { getTeammate } from '../../store/teammates.js';
import type { AppContext } from '../shared/app-context.js';
import { appOrigin } from '../shared/app-origin.js';
import { currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { textOf } from '../shared/form-body.js';
import { workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { redirectWithFlash, render } from '../shared/render.js';

/**
 * The assignee of an inbox conversation, below `/workspaces/:workspaceId/inbox`:
 * `POST /:conversationId/assignee` with the form field `teammate_id` (empty to unassign), posted by
 * `assigneeForm`. It goes through the store's `assignConversation`, as the CLI does, so a change emits
 * `conversation.assigned` and the current assignee again emits nothing; then it redirects back to the
 * conversation with a message saying which.
 *
 * @see openapi.yaml `webhooks.conversation.assigned`
 */
export function inboxAssigneeRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });

  router.post('/:conversationId/assignee', async (req, res) => {
    const workspaceId = currentWorkspace(res).id;
    const conversationId = String(req.params.conversationId);
    const back = workspaceUrl(workspaceId, `/inbox/${encodeURIComponent(conversationId)}`);
    const teammateId = textOf(req.body, 'teammate_id').trim() || null;
    let text: string;
    try {
      const { emitted } = await assignConversation(ctx.db, {
        workspaceId,
        conversationId,
        teammateId,
        now: ctx.clock.now(),
      });
      const teammate = teammateId ? await getTeammate(ctx.db, { workspaceId, id: teammateId }) : undefined;
      const who = teammate ? `${teammate.name}` : 'nobody';
      if (emitted) text = teammate ? `Assigned to ${who}.` : 'Unassigned.';
      else
        text = teammate ? `Already assigned to ${who}: nothing sent.` : 'Already unassigned: nothing sent.';
      if (emitted && teammateId) {
        const mail = await notifyAssignee(ctx.db, ctx.mail.sender, {
          workspaceId,
          conversationId,
          assigneeId: teammateId,
          actorId: currentMember(res).id,
          origin: appOrigin(req, ctx.publicUrl),
          inboundDomain: ctx.mail.inboundDomain,
        });
        if (mail && mail.status !== 'sent')
          text += ` Their email notice was not sent (${mail.status === 'failed' ? mail.error : 'no relay configured'}).`;
      }
      if (emitted)
        ctx.logger.info(
          {
            req_id: req.id,
            workspace_id: workspaceId,
            conversation_id: conversationId,
            assignee_id: teammateId,
          },
          'settings: conversation assigned',
        );
    } catch (error) {
      if (!(error instanceof ConversationError)) throw error;
      if (error.code !== 'teammate_not_found')
        return render(
          req,
          res,
          messagePage('Not found', 'This workspace has no conversation with that id.', {
            href: workspaceUrl(workspaceId, '/inbox'),
            label: 'Back to the inbox',
          }),
          { status: 404 },
        );
      text = 'That teammate is not in this workspace (removed?): the assignee was not changed.';
    }
    await redirectWithFlash(req, res, back, { text });
  });

  return router;
}
