import type { NextFunction, Request, Response } from 'express';
import type { Member, MemberRole } from '../../store/members.js';

/**
 * What a role may do in its workspace. One ability per kind of page; a route area needs one ability to be read
 * and one to be changed (the table {@link AREA_RULES}). docs/architecture.md, "People, roles and the audit log".
 *
 * - `read`: see the workspace's prospects, imports and inbox (every role).
 * - `work`: change prospects, import, write and assign in the inbox (member and up).
 * - `manage`: Workspace settings, members, API tokens, webhooks, the audit log (admin and up).
 * - `own`: make or unmake owners (owner only).
 */
export type WorkspaceAbility = 'read' | 'work' | 'manage' | 'own';

/** The least role that has each ability: roles are ordered, each has what the ones below it have. */
const LEAST_ROLE: Record<WorkspaceAbility, MemberRole> = {
  read: 'viewer',
  work: 'member',
  manage: 'admin',
  own: 'owner',
};

const RANK: Record<MemberRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Whether `role` has `ability`. The one place that answers it; pages ask it to hide what a role cannot use. */
export function can(role: MemberRole | undefined, ability: WorkspaceAbility): boolean {
  return role !== undefined && RANK[role] >= RANK[LEAST_ROLE[ability]];
}

/**
 * Every area of a workspace (the first segment below `/workspaces/:id/`) and the abilities its pages need: to read
 * (GET, HEAD) and to change (any other method). A new area gets a row here or answers 403 to everyone.
 */
export const AREA_RULES: Readonly<Record<string, { read: WorkspaceAbility; change: WorkspaceAbility }>> = {
  '': { read: 'read', change: 'work' },
  prospects: { read: 'read', change: 'work' },
  imports: { read: 'read', change: 'work' },
  inbox: { read: 'read', change: 'work' },
  settings: { read: 'manage', change: 'manage' },
};

/** The ability a request to a workspace's page needs, from its area and method; `undefined` for no known area. */
export function abilityFor(method: string, pathInWorkspace: string): WorkspaceAbility | undefined {
  const area = pathInWorkspace.split('/')[1] ?? '';
  const rule = Object.hasOwn(AREA_RULES, area) ? AREA_RULES[area] : undefined;
  if (!rule) return undefined;
  return method === 'GET' || method === 'HEAD' ? rule.read : rule.change;
}

/**
 * Whether `actor` may give `target` the role `role`: admins manage admins, members and viewers; only an owner
 * makes or unmakes an owner; nobody changes their own role (so nobody raises it). That the workspace keeps an
 * owner is checked in the change's transaction (`lockOwnerCount`).
 *
 * @returns `undefined` when allowed, else the sentence to show
 */
export function roleChangeProblem(actor: Member, target: Member, role: MemberRole): string | undefined {
  if (actor.id === target.id) return 'You cannot change your own role; ask another admin or owner.';
  if (!can(actor.role, 'manage')) return 'Only admins and owners change roles.';
  if ((role === 'owner' || target.role === 'owner') && !can(actor.role, 'own'))
    return 'Only an owner can make or unmake an owner.';
  return undefined;
}

/**
 * Whether `actor` may remove `target` from the workspace: admins remove admins, members and viewers; only an
 * owner removes an owner; anyone may leave (remove themselves). The last owner is kept by the transaction.
 */
export function removalProblem(actor: Member, target: Member): string | undefined {
  if (actor.id === target.id) return undefined;
  if (!can(actor.role, 'manage')) return 'Only admins and owners remove members.';
  if (target.role === 'owner' && !can(actor.role, 'own')) return 'Only an owner can remove an owner.';
  return undefined;
}

/**
 * Whether `actor` may make a password-reset (or new invitation) link for `target`: a link sets the password of
 * the person, everywhere they sign in, so its maker must have a say over every workspace they belong to (an admin
 * of one workspace must not take over an owner of another) and must not be acting on themselves.
 *
 * @param input.unmanagedElsewhere how many of the target's other memberships are in workspaces where the actor is
 *   not an admin or owner
 * @param input.installationOwner whether the target is the installation's owner (only the CLI resets them)
 */
export function resetLinkProblem(
  actor: Member,
  target: Member,
  input: { unmanagedElsewhere: number; installationOwner: boolean },
): string | undefined {
  if (actor.id === target.id) return 'Change your own password on your account page.';
  const removal = removalProblem(actor, target);
  if (removal) return removal;
  if (input.installationOwner || input.unmanagedElsewhere > 0)
    return 'This person also belongs to workspaces you do not manage: they reset their password from the sign-in page, or the server’s operator makes a link (prospectkit-server members reset-password).';
  return undefined;
}

/** The signed-in person's membership of the workspace in the path (set by {@link authorizeWorkspace}). */
export const currentMember = (res: Response) => res.locals.member as Member;

/**
 * The check of every page of a workspace, after the workspace and the person are loaded: the person's
 * membership (none: the same 404 as an unknown workspace, so nobody learns which workspaces exist), then the
 * ability the area and method need ({@link abilityFor}; lacking it: 403).
 *
 * @param options.findMembership the store's lookup
 * @param options.refuse answers the 404 or 403 page
 */
export function authorizeWorkspace(options: {
  findMembership: (personId: string, workspaceId: string) => Promise<Member | undefined>;
  refuse: (req: Request, res: Response, status: 403 | 404) => void;
}) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const personId = (res.locals.person as { id: string } | undefined)?.id;
    const workspaceId = String(req.params.workspaceId);
    const member = personId ? await options.findMembership(personId, workspaceId) : undefined;
    if (!member) return options.refuse(req, res, 404);
    res.locals.member = member;
    const ability = abilityFor(req.method, req.path);
    if (!ability || !can(member.role, ability)) return options.refuse(req, res, 403);
    next();
  };
}
