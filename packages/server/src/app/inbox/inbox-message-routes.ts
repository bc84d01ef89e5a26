import express, { type Request, type Response, type Router } from 'express';
import { DEFAULT_EMAIL_HTML_LIMITS } from '../../mail/cut-email-html.js';
import { createMailWorkers, type MailWorkers } from '../../mail/mail-workers.js';
import { getConversationMessage, saveSanitizedHtml } from '../../store/conversation-thread.js';
import { getConversation, markConversationRead } from '../../store/conversations.js';
import { getProspect } from '../../store/prospects.js';
import type { AppContext } from '../shared/app-context.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { messagePage } from '../shared/message-page.js';
import { redirectWithFlash, render } from '../shared/render.js';
import { allowSameOriginFrames, sendMailFrame } from './frame-headers.js';
import { inboxUrl } from './inbox-pages.js';
import { mailMessagePage } from './mail-message-page.js';

/**
 * A conversation's messages one by one, below `/workspaces/:workspaceId/inbox/:conversationId`:
 * `POST /read` marks it read (opening it does not: a GET changes nothing); `GET /messages/:messageId` shows a
 * message whole; `GET /messages/:messageId/formatted` is the document of its sandboxed frame, the sanitised HTML
 * under its own strict policy (`frame-headers.ts`). HTML stored before migration 15 is sanitised there, once, in a
 * mail worker, and stored so. Issue 24, finding 1 and also noted.
 *
 * @see docs/architecture.md, "Mail"
 */
export function inboxMessageRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  let ownWorkers: Promise<MailWorkers> | undefined;
  const workers = (): Promise<MailWorkers> => {
    if (ctx.mail.workers) return Promise.resolve(ctx.mail.workers);
    ownWorkers ??= createMailWorkers({ threads: 1, maxQueue: 4 });
    return ownWorkers;
  };
  const notFound = (req: Request, res: Response) =>
    render(
      req,
      res,
      messagePage('Not found', 'This workspace has no message with that id.', {
        href: inboxUrl(currentWorkspace(res).id),
        label: 'Back to the inbox',
      }),
      { status: 404 },
    );
  const find = (res: Response, req: Request) =>
    getConversationMessage(ctx.db, {
      workspaceId: currentWorkspace(res).id,
      conversationId: String(req.params.conversationId),
      messageId: String(req.params.messageId),
    });

  router.post('/:conversationId/read', async (req, res) => {
    const workspaceId = currentWorkspace(res).id;
    const conversationId = String(req.params.conversationId);
    const done = await markConversationRead(ctx.db, { workspaceId, conversationId });
    if (!done) return notFound(req, res);
    await redirectWithFlash(req, res, inboxUrl(workspaceId, `/${encodeURIComponent(conversationId)}`), {
      text: 'Marked as read.',
    });
  });

  router.get('/:conversationId/messages/:messageId', async (req, res) => {
    const message = await find(res, req);
    if (!message) return notFound(req, res);
    const conversation = await getConversation(ctx.db, {
      workspaceId: message.workspace_id,
      conversationId: message.conversation_id,
    });
    const prospect =
      conversation && (await getProspect(ctx.db, message.workspace_id, conversation.prospect_id));
    allowSameOriginFrames(res);
    render(
      req,
      res,
      mailMessagePage({
        workspaceId: message.workspace_id,
        company: prospect?.company ?? 'the prospect',
        message,
        showFormatted: req.query.formatted === '1',
      }),
    );
  });

  router.get('/:conversationId/messages/:messageId/formatted', async (req, res) => {
    const message = await find(res, req);
    if (!message || message.html_body === null) return notFound(req, res);
    let sanitised = message.html_body;
    if (!message.html_sanitized) {
      const limits = ctx.mail.htmlLimits ?? DEFAULT_EMAIL_HTML_LIMITS;
      const done = await (await workers()).sanitize(message.html_body, limits);
      await saveSanitizedHtml(ctx.db, { messageId: message.id, html: done.html, note: done.note });
      sanitised = done.html;
    }
    sendMailFrame(res, sanitised);
  });

  return router;
}
