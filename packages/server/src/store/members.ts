import { newId } from '@prospectkit/core';
import type { Sql } from '../db/database.js';
import { listInstallationOwners } from './people.js';

// A member is a person's place in a workspace: a row of `teammates` (the `tm_` id the inbox assigns
// conversations to) with a role (migration 17). Adding and changing members is here; removing one is
// `removeTeammate` (store/teammates.ts), which also unassigns their conversations.

/** What a member may do in their workspace; docs/architecture.md, "People, roles and the audit log". */
export type MemberRole = 'owner' | 'admin' | 'member' | 'viewer';

/** Every role, most powerful first. */
export const MEMBER_ROLES: readonly MemberRole[] = ['owner', 'admin', 'member', 'viewer'];

/** A member of a workspace, as the Members page and the CLI list them. */
export interface Member {
  /** The teammate id, `tm_...`: what conversations are assigned to. */
  id: string;
  workspace_id: string;
  person_id: string;
  name: string;
  email: string;
  role: MemberRole;
  /** Email them when a conversation is assigned to them. */
  notify_assigned: boolean;
  /** Whether they have signed in at least once (a password or a passkey); `false` while invited. */
  active: boolean;
  created_at: Date;
}

const MEMBER_COLUMNS = `t.id, t.workspace_id, t.person_id, t.name, t.email, t.role, t.notify_assigned, t.created_at,
  (p.password_hash is not null or exists (select 1 from passkeys k where k.person_id = p.id)) as active`;

/** The current members of a workspace, by name. */
export async function listMembers(db: Sql, workspaceId: string): Promise<Member[]> {
  return db.query<Member & Record<string, unknown>>(
    `select ${MEMBER_COLUMNS} from teammates t join people p on p.id = t.person_id
     where t.workspace_id = $1 and t.removed_at is null order by lower(t.name), t.created_at, t.id`,
    [workspaceId],
  );
}

/** One current member by teammate id, in a workspace (or any when `workspaceId` is omitted). */
export async function getMember(
  db: Sql,
  input: { workspaceId?: string | undefined; id: string },
): Promise<Member | undefined> {
  const [row] = await db.query<Member & Record<string, unknown>>(
    `select ${MEMBER_COLUMNS} from teammates t join people p on p.id = t.person_id
     where t.id = $1 and ($2::text is null or t.workspace_id = $2) and t.removed_at is null`,
    [input.id, input.workspaceId ?? null],
  );
  return row;
}

/** A person's current membership of a workspace: what every page of the workspace checks. */
export async function findMembership(
  db: Sql,
  input: { personId: string; workspaceId: string },
): Promise<Member | undefined> {
  const [row] = await db.query<Member & Record<string, unknown>>(
    `select ${MEMBER_COLUMNS} from teammates t join people p on p.id = t.person_id
     where t.person_id = $1 and t.workspace_id = $2 and t.removed_at is null`,
    [input.personId, input.workspaceId],
  );
  return row;
}

/** The workspaces a person is a current member of, with their role there, oldest workspace first. */
export async function listPersonWorkspaces(
  db: Sql,
  personId: string,
): Promise<
  Array<{ id: string; name: string; suspended_at: Date | null; created_at: Date; role: MemberRole }>
> {
  return db.query(
    `select w.id, w.name, w.suspended_at, w.created_at, t.role from teammates t join workspaces w on w.id = t.workspace_id
     where t.person_id = $1 and t.removed_at is null order by w.created_at, w.id`,
    [personId],
  );
}

/**
 * Adds a person to a workspace with a role; when they are a member already, leaves them as they are.
 *
 * @returns the member, and whether this call added them
 */
export async function addMember(
  db: Sql,
  input: { workspaceId: string; personId: string; role: MemberRole; name: string; email: string },
): Promise<{ member: Member; added: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `insert into teammates (id, workspace_id, name, email, person_id, role) values ($1, $2, $3, $4, $5, $6)
     on conflict (workspace_id, person_id) where removed_at is null and person_id is not null do nothing
     returning id`,
    [newId('teammate'), input.workspaceId, input.name, input.email, input.personId, input.role],
  );
  const member = (await findMembership(db, input)) as Member;
  return { member, added: inserted.length > 0 };
}

/** Changes a member's role; returns the member as changed, or `undefined` when they are not a current member. */
export async function setMemberRole(
  db: Sql,
  input: { workspaceId: string; id: string; role: MemberRole },
): Promise<Member | undefined> {
  const rows = await db.query(
    'update teammates set role = $3 where id = $1 and workspace_id = $2 and removed_at is null returning id',
    [input.id, input.workspaceId, input.role],
  );
  return rows.length ? getMember(db, input) : undefined;
}

/** Turns a member's "email me when a conversation is assigned to me" on or off. */
export async function setNotifyAssigned(db: Sql, input: { id: string; notify: boolean }): Promise<void> {
  await db.query('update teammates set notify_assigned = $2 where id = $1', [input.id, input.notify]);
}

/**
 * Locks the workspace's owners (`FOR UPDATE`) and counts them, so that two demotions or removals of the last two
 * owners at once cannot both pass "another owner remains": the second waits, then counts one.
 */
export async function lockOwnerCount(tx: Sql, workspaceId: string): Promise<number> {
  const rows = await tx.query(
    `select id from teammates where workspace_id = $1 and role = 'owner' and removed_at is null for update`,
    [workspaceId],
  );
  return rows.length;
}

/**
 * Makes the installation's owners owners of a new workspace (the first start's demo workspace, `workspace
 * create` in the CLI), in the caller's transaction, so no workspace is left that nobody can open.
 */
export async function addInstallationOwners(tx: Sql, workspaceId: string): Promise<void> {
  for (const owner of await listInstallationOwners(tx)) {
    await addMember(tx, {
      workspaceId,
      personId: owner.id,
      role: 'owner',
      name: owner.name || owner.email,
      email: owner.email,
    });
  }
}

/**
 * How many of a person's current memberships are in workspaces (other than `exceptWorkspaceId`) where `actorPersonId`
 * is not an admin or owner: a one-time link that sets the person's password is shown to an actor only when this
 * is 0 (see `resetLinkProblem` in app/shared/authorize.ts).
 */
export async function countUnmanagedMemberships(
  db: Sql,
  input: { personId: string; actorPersonId: string; exceptWorkspaceId: string },
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from teammates t where t.person_id = $1 and t.removed_at is null and t.workspace_id <> $3
       and not exists (select 1 from teammates a where a.workspace_id = t.workspace_id and a.person_id = $2
         and a.removed_at is null and a.role in ('owner', 'admin'))`,
    [input.personId, input.actorPersonId, input.exceptWorkspaceId],
  );
  return row?.n ?? 0;
}
