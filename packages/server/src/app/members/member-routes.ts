import express, { type Request, type Response, type Router } from 'express';
import { changeMemberRole } from '../../people/change-member-role.js';
import { inviteMember } from '../../people/invite-member.js';
import { MemberError } from '../../people/member-error.js';
import { INVITATION_TTL_MS, linkUrl, newLinkToken } from '../../people/one-time-link.js';
import { createPasswordReset } from '../../people/password-reset.js';
import { removeMember } from '../../people/remove-member.js';
import { countAssignedConversations } from '../../store/conversations.js';
import { countUnmanagedMemberships, getMember, listMembers, type Member } from '../../store/members.js';
import { storeOneTimeLink } from '../../store/one-time-links.js';
import { getPerson } from '../../store/people.js';
import type { AppContext } from '../shared/app-context.js';
import { appOrigin } from '../shared/app-origin.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentMember, removalProblem, resetLinkProblem, roleChangeProblem } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { textOf } from '../shared/form-body.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { type InviteFormValues, parseInviteForm, roleOf } from './member-form.js';
import {
  grantableRoles,
  linkToSharePage,
  membersPage,
  membersUrl,
  removeMemberPage,
} from './member-pages.js';

/**
 * A workspace's members, below `/workspaces/:workspaceId/settings/members` (admins and owners, see
 * `AREA_RULES`): the list, invite (an email with a one-time link, or the link to copy without a relay), change a
 * role, a new invitation or password-reset link, and remove after a confirmation. Who may change whom is
 * `roleChangeProblem` and `removalProblem` (app/shared/authorize.ts); the last owner is kept by the change's
 * transaction. Every change is in the audit log.
 *
 * @see docs/architecture.md, "People, roles and the audit log"
 */
export function memberRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const wsId = (res: Response) => currentWorkspace(res).id;

  async function page(req: Request, res: Response, form?: { values: InviteFormValues; errors: FieldErrors }) {
    const workspaceId = wsId(res);
    const members = await listMembers(ctx.db, workspaceId);
    render(
      req,
      res,
      membersPage({ csrf: csrfOf(req), workspaceId, actor: currentMember(res), members, ...form }),
      {
        ...(form ? { status: 422 } : { flash: takeFlash(req) }),
      },
    );
  }

  const refuse = (req: Request, res: Response, status: 403 | 404 | 409, text: string) =>
    render(
      req,
      res,
      messagePage(status === 404 ? 'Not found' : 'Not allowed', text, {
        href: membersUrl(wsId(res)),
        label: 'Back to members',
      }),
      { status },
    );

  async function findMember(req: Request, res: Response): Promise<Member | undefined> {
    const member = await getMember(ctx.db, { workspaceId: wsId(res), id: String(req.params.memberId) });
    if (!member) refuse(req, res, 404, 'This workspace has no member with that id.');
    return member;
  }

  router.get('/', (req, res) => page(req, res));

  router.post('/', async (req, res) => {
    const form = parseInviteForm(req.body, grantableRoles(currentMember(res)));
    if (!form.ok) return page(req, res, form);
    try {
      const invitation = await inviteMember(ctx.db, ctx.mail.sender, {
        workspaceId: wsId(res),
        workspaceName: currentWorkspace(res).name,
        ...form.value,
        actor: auditActor(req, res),
        invitedBy: currentMember(res).id,
        origin: appOrigin(req, ctx.publicUrl),
        inboundDomain: ctx.mail.inboundDomain,
        now: ctx.clock.now(),
      });
      ctx.logger.info({ req_id: req.id, member_id: invitation.member.id }, 'members: invited');
      if (!invitation.link)
        return redirectWithFlash(req, res, membersUrl(wsId(res)), {
          text: `Invitation emailed to ${invitation.member.email}.`,
        });
      // A link that sets the password of someone invited to workspaces this admin does not manage is not shown:
      // it would open those too. Their own invitations (and the sign-in page's reset) still work.
      const unmanaged = await countUnmanagedMemberships(ctx.db, {
        personId: invitation.member.person_id,
        actorPersonId: currentMember(res).person_id,
        exceptWorkspaceId: wsId(res),
      });
      if (unmanaged > 0)
        return redirectWithFlash(req, res, membersUrl(wsId(res)), {
          text: `${invitation.member.name} is a member now. They were invited to other workspaces already: they sign in with those invitations, and this workspace is theirs too.`,
          tone: 'warning',
        });
      render(
        req,
        res,
        linkToSharePage({
          workspaceId: wsId(res),
          title: 'Invitation link',
          text: `${invitation.member.name} is a member now. ${invitation.mail.status === 'failed' ? `The email was not sent (${invitation.mail.error}).` : 'This server sends no email (PROSPECTKIT_SMTP_RELAY_URL is not set).'} Send them this link yourself: it works once, for 7 days.`,
          link: invitation.link,
        }),
      );
    } catch (error) {
      if (!(error instanceof MemberError)) throw error;
      await page(req, res, { values: form.values, errors: error.issues });
    }
  });

  router.post('/:memberId/role', async (req, res) => {
    const target = await findMember(req, res);
    if (!target) return;
    const role = roleOf(req.body);
    const problem = role
      ? roleChangeProblem(currentMember(res), target, role)
      : 'Choose one of the four roles.';
    if (problem || !role) return refuse(req, res, 403, problem ?? '');
    try {
      await changeMemberRole(ctx.db, {
        workspaceId: wsId(res),
        memberId: target.id,
        role,
        actor: auditActor(req, res),
        now: ctx.clock.now(),
      });
      await redirectWithFlash(req, res, membersUrl(wsId(res)), { text: `${target.name} is ${role} now.` });
    } catch (error) {
      if (!(error instanceof MemberError)) throw error;
      refuse(req, res, error.code === 'not_found' ? 404 : 409, error.message);
    }
  });

  router.get('/:memberId/remove', async (req, res) => {
    const member = await findMember(req, res);
    if (!member) return;
    const problem = removalProblem(currentMember(res), member);
    if (problem) return refuse(req, res, 403, problem);
    const [tokens] = await ctx.db.query<{ n: number }>(
      'select count(*)::int as n from api_tokens where created_by = $1 and revoked_at is null',
      [member.id],
    );
    render(
      req,
      res,
      removeMemberPage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        member,
        assignedConversations: await countAssignedConversations(ctx.db, {
          workspaceId: wsId(res),
          teammateId: member.id,
        }),
        activeTokens: tokens?.n ?? 0,
      }),
    );
  });

  router.post('/:memberId/remove', async (req, res) => {
    const member = await findMember(req, res);
    if (!member) return;
    const problem = removalProblem(currentMember(res), member);
    if (problem) return refuse(req, res, 403, problem);
    try {
      const out = await removeMember(ctx.db, {
        workspaceId: wsId(res),
        memberId: member.id,
        actor: auditActor(req, res),
        revokeTokens: textOf(req.body, 'revoke_tokens') === '1',
        now: ctx.clock.now(),
      });
      ctx.logger.info({ req_id: req.id, member_id: member.id }, 'members: removed');
      if (member.id === currentMember(res).id) return res.redirect(303, '/workspaces');
      const n = out.unassignedProspectIds.length;
      await redirectWithFlash(req, res, membersUrl(wsId(res)), {
        text: `${member.name} removed; their sessions ended.${n > 0 ? ` ${n} ${n === 1 ? 'conversation' : 'conversations'} unassigned.` : ''}${out.revokedTokens > 0 ? ` ${out.revokedTokens} of their tokens revoked.` : ''}`,
      });
    } catch (error) {
      if (!(error instanceof MemberError)) throw error;
      if (error.code === 'not_found')
        return redirectWithFlash(req, res, membersUrl(wsId(res)), {
          text: `${member.name} was already removed.`,
        });
      refuse(req, res, 409, error.message);
    }
  });

  router.post('/:memberId/password-reset', async (req, res) => {
    const member = await findMember(req, res);
    if (!member) return;
    // The target's memberships in workspaces where the actor is not an admin or owner.
    const problem = resetLinkProblem(currentMember(res), member, {
      unmanagedElsewhere: await countUnmanagedMemberships(ctx.db, {
        personId: member.person_id,
        actorPersonId: currentMember(res).person_id,
        exceptWorkspaceId: wsId(res),
      }),
      installationOwner: (await getPerson(ctx.db, member.person_id))?.installation_owner !== false,
    });
    if (problem) return refuse(req, res, 403, problem);
    const origin = appOrigin(req, ctx.publicUrl);
    const now = ctx.clock.now();
    let link: string | undefined;
    if (member.active) {
      link = (
        await createPasswordReset(ctx.db, {
          email: member.email,
          origin,
          now,
          createdBy: currentMember(res).id,
        })
      ).link;
    } else {
      const { token, hash } = newLinkToken();
      await ctx.db.transaction((tx) =>
        storeOneTimeLink(tx, {
          tokenHash: hash,
          purpose: 'invitation',
          personId: member.person_id,
          workspaceId: wsId(res),
          createdBy: currentMember(res).id,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          now,
        }),
      );
      link = linkUrl(origin, 'invitation', token);
    }
    render(
      req,
      res,
      linkToSharePage({
        workspaceId: wsId(res),
        title: member.active ? 'Password reset link' : 'Invitation link',
        text: `Send this link to ${member.name} (${member.email}) yourself. It works once, for ${member.active ? 'one hour' : '7 days'}; earlier links stop working.`,
        link: link ?? '',
      }),
    );
  });

  return router;
}
