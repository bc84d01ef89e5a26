import { newId } from '@prospectkit/core';
import type { Database, Sql } from '../db/database.js';
import { unassignTeammateConversations } from './conversations.js';
import { nameCharacterProblem } from './name-characters.js';

/** A teammate of a workspace: who a conversation is assigned to, and who a prospect's `owner_id` names. */
export interface Teammate {
  /** `tm_` and a ULID. */
  id: string;
  /** The workspace they belong to. */
  workspace_id: string;
  /** Their name as people see it, 1-200 characters. */
  name: string;
  /** Their email address, at most 254 characters; unique (ignoring case) among the workspace's teammates. */
  email: string;
  /** When they were added. */
  created_at: Date;
  /** When they were removed, or `null` while they are a teammate. */
  removed_at: Date | null;
}

/** Longest teammate name, in characters. */
export const MAX_TEAMMATE_NAME_LENGTH = 200;
/** Longest teammate email, in characters (as the contract's `ContactEmail`). */
export const MAX_TEAMMATE_EMAIL_LENGTH = 254;

// The shape ajv-formats checks for `format: email` (openapi.yaml `ContactEmail`), so a teammate's address is
// held to the same rule as a prospect's.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** What was wrong with a teammate's input, by field: a sentence to show beside the field. */
export type TeammateIssues = Partial<Record<'name' | 'email', string>>;

/**
 * A teammate could not be added (`invalid`, with `issues` by field) or found (`not_found`).
 * Its message says what to fix; it never carries a secret.
 */
export class TeammateError extends Error {
  /** The class name, `'TeammateError'`. */
  override readonly name = 'TeammateError';
  constructor(
    /** `invalid` when the input breaks a rule, `not_found` when there is no such current teammate; stable across versions. */
    readonly code: 'invalid' | 'not_found',
    message: string,
    /** What was wrong, by field (`name`, `email`), when `code` is `invalid`. Default: none. */
    readonly issues: TeammateIssues = {},
  ) {
    super(message);
  }
}

/**
 * Checks and trims a teammate's name and email, the one rule the settings page and the CLI share.
 *
 * @returns the trimmed values, or the issues by field (empty when there are none)
 * @example
 * const { value, issues } = checkTeammateInput({ name: ' Ana ', email: 'ana@example.com' });
 */
export function checkTeammateInput(input: { name: string; email: string }): {
  value: { name: string; email: string };
  issues: TeammateIssues;
} {
  const name = input.name.trim();
  const email = input.email.trim();
  const issues: TeammateIssues = {};
  if (name === '') issues.name = 'Enter a name.';
  else if (name.length > MAX_TEAMMATE_NAME_LENGTH)
    issues.name = `Use at most ${MAX_TEAMMATE_NAME_LENGTH} characters.`;
  else if (nameCharacterProblem(name)) issues.name = nameCharacterProblem(name);
  if (email === '') issues.email = 'Enter an email address.';
  else if (email.length > MAX_TEAMMATE_EMAIL_LENGTH)
    issues.email = `Use at most ${MAX_TEAMMATE_EMAIL_LENGTH} characters.`;
  else if (!EMAIL.test(email)) issues.email = 'Enter an email address like ana@example.com.';
  return { value: { name, email }, issues };
}

/**
 * Adds a teammate to a workspace.
 *
 * @param db - the database or a transaction
 * @param input.workspaceId - the workspace (`ws_...`), which must exist
 * @param input.name - 1-200 characters, trimmed
 * @param input.email - an email address, trimmed; unique (ignoring case) among the workspace's teammates
 * @returns the new teammate
 * @throws {TeammateError} `invalid` with `issues` by field when the name or email is wrong or the email is taken
 * @example
 * const ana = await createTeammate(db, { workspaceId, name: 'Ana', email: 'ana@example.com' }); // ana.id: tm_01J...
 */
export async function createTeammate(
  db: Sql,
  input: { workspaceId: string; name: string; email: string },
): Promise<Teammate> {
  const { value, issues } = checkTeammateInput(input);
  if (Object.keys(issues).length > 0) throw invalid(issues);
  // The partial unique index (migration 11) decides a race between two adds of one address.
  const [row] = await db.query<Teammate & Record<string, unknown>>(
    `insert into teammates (id, workspace_id, name, email) values ($1, $2, $3, $4)
     on conflict (workspace_id, lower(email)) where removed_at is null do nothing
     returning *`,
    [newId('teammate'), input.workspaceId, value.name, value.email],
  );
  if (!row) throw invalid({ email: 'A teammate with this email address already exists.' });
  return row as Teammate;
}

function invalid(issues: TeammateIssues): TeammateError {
  return new TeammateError('invalid', Object.values(issues).join(' '), issues);
}

/**
 * The current teammates of a workspace (removed ones left out), by name.
 *
 * @example
 * const teammates = await listTeammates(db, { workspaceId });
 */
export async function listTeammates(db: Sql, input: { workspaceId: string }): Promise<Teammate[]> {
  return db.query<Teammate & Record<string, unknown>>(
    `select * from teammates where workspace_id = $1 and removed_at is null
     order by lower(name), created_at, id`,
    [input.workspaceId],
  );
}

/**
 * One current teammate, or `undefined` (unknown, removed, and other-workspace ids look the same).
 *
 * @param input.workspaceId - the workspace; omit to look in every workspace (the CLI's `teammates remove ID`)
 * @example
 * const teammate = await getTeammate(db, { workspaceId, id: 'tm_01J...' });
 */
export async function getTeammate(
  db: Sql,
  input: { workspaceId?: string | undefined; id: string },
): Promise<Teammate | undefined> {
  const [row] = await db.query<Teammate & Record<string, unknown>>(
    `select * from teammates where id = $1 and ($2::text is null or workspace_id = $2) and removed_at is null`,
    [input.id, input.workspaceId ?? null],
  );
  return row as Teammate | undefined;
}

/**
 * Removes a teammate. Their conversations are unassigned first, each emitting `conversation.assigned` with
 * `assignee_id` null, all in one transaction, so no conversation is left assigned to someone who is gone and
 * receivers learn of every change. Prospects whose `owner_id` names them keep it (it is their history).
 *
 * @param input.workspaceId - the workspace; omit to find the teammate in any workspace
 * @param input.now - when. Default: now
 * @returns the removed teammate and the ids of the prospects whose conversations were unassigned
 * @throws {TeammateError} `not_found` when there is no such current teammate
 * @example
 * const { unassignedProspectIds } = await removeTeammate(db, { id: 'tm_01J...' });
 * @see openapi.yaml `webhooks.conversation.assigned`
 */
export async function removeTeammate(
  db: Database,
  input: { workspaceId?: string | undefined; id: string; now?: Date },
): Promise<{
  /** The teammate as removed, `removed_at` set. */
  teammate: Teammate;
  /** The ids of the prospects whose conversations were assigned to them and are now unassigned. */
  unassignedProspectIds: string[];
}> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    // The row lock makes a concurrent assignment to this teammate wait, then find them removed.
    const [row] = await tx.query<Teammate & Record<string, unknown>>(
      `update teammates set removed_at = $3
       where id = $1 and ($2::text is null or workspace_id = $2) and removed_at is null returning *`,
      [input.id, input.workspaceId ?? null, now],
    );
    if (!row) throw new TeammateError('not_found', `No teammate ${input.id}.`);
    const teammate = row as Teammate;
    const unassignedProspectIds = await unassignTeammateConversations(tx, {
      workspaceId: teammate.workspace_id,
      teammateId: teammate.id,
      now,
    });
    return { teammate, unassignedProspectIds };
  });
}
