import express, { type Request, type Response, type Router } from 'express';
import { attachUnmatchedMessage } from '../../mail/attach-unmatched-message.js';
import { inboundAddress, replyAddress } from '../../mail/inbound-address.js';
import type { SendResult } from '../../mail/mail-sender.js';
import { replySubject, sendToProspect } from '../../mail/send-to-prospect.js';
import { listThreadPage } from '../../store/conversation-thread.js';
import {
  type ConversationFilter,
  getConversation,
  listConversations,
  markConversationRead,
} from '../../store/conversations.js';
import { latestIncomingSender, threadHeaders } from '../../store/messages.js';
import { getProspect, listProspects } from '../../store/prospects.js';
import { listTeammates } from '../../store/teammates.js';
import { countUnmatchedMessages, listUnmatchedPage } from '../../store/unmatched-messages.js';
import type { AppContext } from '../shared/app-context.js';
import { can, currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { textOf } from '../shared/form-body.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { assigneeForm } from './assignee-form.js';
import { conversationPage, newMessagePage } from './conversation-page.js';
import { allowSameOriginFrames } from './frame-headers.js';
import { inboxPage, inboxUrl } from './inbox-pages.js';
import { type MessageFormValues, parseMessageForm } from './message-form.js';
import { unmatchedPage } from './unmatched-page.js';

const FILTERS: readonly ConversationFilter[] = ['all', 'unassigned', 'assigned', 'unread'];

/** Prospects offered in an Unmatched message's "attach to" select. */
const ATTACH_CHOICES = 50;

/** The flash after sending: what the relay did, never hidden; a message kept unsent is a warning, not a success. */
function sendFlash(result: SendResult): { text: string; tone?: 'warning' } {
  if (result.status === 'sent') return { text: 'Email sent.' };
  if (result.status === 'not_sent_no_relay')
    return {
      text: 'Email kept but not sent: no relay configured (set PROSPECTKIT_SMTP_RELAY_URL).',
      tone: 'warning',
    };
  return { text: `Email kept but not sent: ${result.error}`, tone: 'warning' };
}

/**
 * The inbox, below `/workspaces/:workspaceId/inbox`: the conversations (filters: unread, unassigned,
 * assigned, assigned to a teammate); a conversation with its thread and a reply form; "Write an email" to a
 * prospect (`/new?prospect=ID`); and the Unmatched list with "attach to prospect".
 *
 * @see docs/architecture.md, "Mail"; openapi.yaml `webhooks.inbox.reply.received`
 */
export function inboxRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const wsId = (res: Response) => currentWorkspace(res).id;
  const notFound = (req: Request, res: Response, text: string) =>
    render(
      req,
      res,
      messagePage('Not found', text, { href: inboxUrl(wsId(res)), label: 'Back to the inbox' }),
      {
        status: 404,
      },
    );

  router.get('/', async (req, res) => {
    const asked = typeof req.query.filter === 'string' ? req.query.filter : 'all';
    // "My conversations" is the assigned filter for the signed-in member.
    const mine = asked === 'mine';
    const filter = mine
      ? 'assigned'
      : FILTERS.includes(asked as ConversationFilter)
        ? (asked as ConversationFilter)
        : 'all';
    const assigneeId = mine
      ? currentMember(res).id
      : filter === 'assigned' && typeof req.query.assignee === 'string' && req.query.assignee !== ''
        ? req.query.assignee
        : undefined;
    const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
    const workspaceId = wsId(res);
    const [page, teammates, unmatchedCount] = [
      await listConversations(ctx.db, { workspaceId, filter, assigneeId, limit: 25, cursor }),
      await listTeammates(ctx.db, { workspaceId }),
      await countUnmatchedMessages(ctx.db, workspaceId),
    ];
    render(
      req,
      res,
      inboxPage({
        workspaceId,
        conversations: page.data,
        nextCursor: page.nextCursor,
        filter: mine ? 'mine' : filter,
        assigneeId: mine ? undefined : assigneeId,
        teammates,
        canWork: can(currentMember(res).role, 'work'),
        unmatchedCount,
        inboundAddress: inboundAddress(workspaceId, ctx.mail.inboundDomain),
      }),
      { flash: takeFlash(req) },
    );
  });

  async function showNew(
    req: Request,
    res: Response,
    prospectId: string,
    values: MessageFormValues,
    errors?: FieldErrors,
  ) {
    const prospect = await getProspect(ctx.db, wsId(res), prospectId);
    if (!prospect) return notFound(req, res, 'This workspace has no prospect with that id.');
    if (!prospect.contact_email) {
      return render(
        req,
        res,
        messagePage(
          'No contact email',
          `${prospect.company} has no contact email: add one to write to them.`,
          {
            href: inboxUrl(wsId(res)),
            label: 'Back to the inbox',
          },
        ),
        { status: 409 },
      );
    }
    render(
      req,
      res,
      newMessagePage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        prospect,
        values,
        ...(errors ? { errors } : {}),
      }),
      {
        ...(errors ? { status: 422 } : {}),
      },
    );
  }

  router.get('/new', async (req, res) => {
    const prospectId = typeof req.query.prospect === 'string' ? req.query.prospect : '';
    await showNew(req, res, prospectId, { subject: '', body: '' });
  });

  router.post('/new', async (req, res) => {
    const prospectId = textOf(req.body, 'prospect');
    const form = parseMessageForm(req.body, { subjectRequired: true });
    if (!form.ok) return showNew(req, res, prospectId, form.values, form.errors);
    const out = await sendToProspect(ctx.db, ctx.mail.sender, {
      workspaceId: wsId(res),
      prospectId,
      subject: form.value.subject,
      text: form.value.body,
      inboundDomain: ctx.mail.inboundDomain,
      now: ctx.clock.now(),
      authorId: currentMember(res).id,
    });
    if (!out.ok) return showNew(req, res, prospectId, form.values);
    ctx.logger.info(
      { req_id: req.id, conversation_id: out.conversationId, send_status: out.result.status },
      'inbox: email written',
    );
    await redirectWithFlash(
      req,
      res,
      inboxUrl(wsId(res), `/${encodeURIComponent(out.conversationId)}`),
      sendFlash(out.result),
    );
  });

  async function showUnmatched(req: Request, res: Response, error?: { messageId: string; text: string }) {
    const search = typeof req.query.q === 'string' ? req.query.q.slice(0, 200) : '';
    const workspaceId = wsId(res);
    const before = typeof req.query.before === 'string' ? req.query.before : undefined;
    const { messages, olderThan } = await listUnmatchedPage(ctx.db, workspaceId, { before });
    const prospects = await listProspects(ctx.db, workspaceId, {
      search: search.trim(),
      limit: ATTACH_CHOICES,
      offset: 0,
    });
    render(
      req,
      res,
      unmatchedPage({
        csrf: csrfOf(req),
        workspaceId,
        messages,
        olderThan,
        before,
        prospects: prospects.data,
        search,
        canWork: can(currentMember(res).role, 'work'),
        ...(error ? { error } : {}),
      }),
      { flash: takeFlash(req), ...(error ? { status: 422 } : {}) },
    );
  }

  router.get('/unmatched', (req, res) => showUnmatched(req, res));

  router.post('/unmatched/:unmatchedId/attach', async (req, res) => {
    const unmatchedId = req.params.unmatchedId as string;
    const out = await attachUnmatchedMessage(ctx.db, {
      workspaceId: wsId(res),
      unmatchedId,
      prospectId: textOf(req.body, 'prospect'),
      now: ctx.clock.now(),
    });
    if (!out.ok) {
      if (out.problem === 'no-message')
        return notFound(req, res, 'This workspace has no unmatched message with that id.');
      const text =
        out.problem === 'no-prospect'
          ? 'Choose a prospect of this workspace.'
          : 'This message was already attached.';
      return showUnmatched(req, res, { messageId: unmatchedId, text });
    }
    ctx.logger.info(
      { req_id: req.id, unmatched_id: unmatchedId, conversation_id: out.conversationId },
      'inbox: unmatched mail attached',
    );
    await redirectWithFlash(req, res, inboxUrl(wsId(res), `/${encodeURIComponent(out.conversationId)}`), {
      text: 'Message attached to the prospect’s conversation.',
    });
  });

  async function showConversation(
    req: Request,
    res: Response,
    options: { reply?: MessageFormValues; errors?: FieldErrors } = {},
  ) {
    const workspaceId = wsId(res);
    const conversationId = req.params.conversationId as string;
    const conversation = await getConversation(ctx.db, { workspaceId, conversationId });
    if (!conversation) return notFound(req, res, 'This workspace has no conversation with that id.');
    const prospect = await getProspect(ctx.db, workspaceId, conversation.prospect_id);
    if (!prospect) return notFound(req, res, 'This workspace has no conversation with that id.');
    // Opening a conversation changes nothing (a GET): it is marked read by its form, or by replying.
    const before = typeof req.query.before === 'string' ? req.query.before : undefined;
    const formatted = typeof req.query.formatted === 'string' ? req.query.formatted : undefined;
    const page = await listThreadPage(ctx.db, { workspaceId, conversationId, before });
    const thread = await threadHeaders(ctx.db, conversationId);
    allowSameOriginFrames(res);
    render(
      req,
      res,
      conversationPage({
        csrf: csrfOf(req),
        workspaceId,
        conversation,
        prospect,
        page,
        before,
        formatted,
        assignee: assigneeForm({
          workspaceId,
          conversation,
          teammates: await listTeammates(ctx.db, { workspaceId }),
          csrf: csrfOf(req),
        }),
        replyAddress: replyAddress(conversationId, ctx.mail.inboundDomain),
        reply: options.reply ?? { subject: '', body: '' },
        replySubject: replySubject(thread.subject ?? prospect.company),
        replyTo: (await latestIncomingSender(ctx.db, conversationId)) ?? prospect.contact_email,
        canWork: can(currentMember(res).role, 'work'),
        ...(options.errors ? { errors: options.errors } : {}),
      }),
      { flash: takeFlash(req), ...(options.errors ? { status: 422 } : {}) },
    );
  }

  router.get('/:conversationId', (req, res) => showConversation(req, res));

  router.post('/:conversationId/reply', async (req, res) => {
    const workspaceId = wsId(res);
    const conversation = await getConversation(ctx.db, {
      workspaceId,
      conversationId: req.params.conversationId as string,
    });
    if (!conversation) return notFound(req, res, 'This workspace has no conversation with that id.');
    const form = parseMessageForm(req.body, { subjectRequired: false });
    if (!form.ok) return showConversation(req, res, { reply: form.values, errors: form.errors });
    // The reply goes to whoever wrote in last (mail attached from Unmatched may be from a colleague of the contact).
    const out = await sendToProspect(ctx.db, ctx.mail.sender, {
      workspaceId,
      prospectId: conversation.prospect_id,
      subject: form.value.subject,
      text: form.value.body,
      inboundDomain: ctx.mail.inboundDomain,
      now: ctx.clock.now(),
      authorId: currentMember(res).id,
      to: await latestIncomingSender(ctx.db, conversation.id),
    });
    if (!out.ok) {
      return showConversation(req, res, {
        reply: form.values,
        errors: { body: 'This prospect has no contact email to write to.' },
      });
    }
    // Replying is reading it.
    await markConversationRead(ctx.db, { workspaceId, conversationId: out.conversationId });
    ctx.logger.info(
      { req_id: req.id, conversation_id: out.conversationId, send_status: out.result.status },
      'inbox: reply written',
    );
    await redirectWithFlash(
      req,
      res,
      inboxUrl(workspaceId, `/${encodeURIComponent(out.conversationId)}`),
      sendFlash(out.result),
    );
  });

  return router;
}
