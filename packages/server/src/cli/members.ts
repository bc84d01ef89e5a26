import type { Command } from 'commander';
import { createMailSender } from '../mail/mail-sender.js';
import { changeMemberRole } from '../people/change-member-role.js';
import { inviteMember } from '../people/invite-member.js';
import { MemberError } from '../people/member-error.js';
import { createPasswordReset } from '../people/password-reset.js';
import { removeMember } from '../people/remove-member.js';
import { listMembers, MEMBER_ROLES, type MemberRole } from '../store/members.js';
import { CLI_ACTOR } from './cli-actor.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/** A member error as the CLI's one-line explanation (exit status 2). */
function toCliError(error: unknown): unknown {
  if (!(error instanceof MemberError)) return error;
  if (error.code === 'not_found')
    return new CliError(`${error.message} See: prospectkit-server members list`);
  if (error.code === 'invalid') {
    const options: Record<string, string> = { name: '--name', email: 'EMAIL' };
    return new CliError(
      Object.entries(error.issues)
        .map(([field, issue]) => `${options[field] ?? field}: ${issue}`)
        .join(' '),
    );
  }
  return new CliError(error.message);
}

function role(value: string): MemberRole {
  if (!(MEMBER_ROLES as readonly string[]).includes(value))
    throw new CliError(`--role must be one of ${MEMBER_ROLES.join(', ')}; got "${value}".`);
  return value as MemberRole;
}

/** The app's origin for one-time links: `PROSPECTKIT_PUBLIC_URL`, else the local default. */
const origin = (publicUrl: string | undefined, port: number) => publicUrl ?? `http://localhost:${port}`;

/**
 * `members invite EMAIL --name N --role R [--workspace ID]` / `list [--workspace ID]` / `remove ID
 * [--revoke-tokens]` / `set-role ID ROLE` / `reset-password EMAIL`. The CLI acts as the installation's operator
 * (no role check; the last owner is kept); its changes are in the audit log as by `CLI`. An invitation or reset
 * link is emailed through `PROSPECTKIT_SMTP_RELAY_URL` when set, and printed on stdout (for the operator, never a
 * log) when not.
 *
 * @see packages/server/README.md, "People and sign-in"
 */
export function registerMembers(program: Command): void {
  const members = program.command('members').description('Manage the people of a workspace and their roles');
  members
    .command('invite <email>')
    .description('Invite a person (a one-time link, valid 7 days)')
    .option('--workspace <id>', 'workspace id (default: the only workspace)')
    .requiredOption('--name <name>', 'their name, 1-200 characters')
    .option('--role <role>', `one of ${MEMBER_ROLES.join(', ')}`, 'member')
    .option('--json', 'print JSON')
    .action((email: string, o: { workspace?: string; name: string; role: string; json?: boolean }) =>
      withDatabase(async (db, config) => {
        const workspaceId = await pickWorkspace(db, o.workspace);
        const sender = createMailSender(config.mail.relayUrl);
        try {
          const out = await inviteMember(db, sender, {
            workspaceId,
            name: o.name,
            email,
            role: role(o.role),
            actor: CLI_ACTOR,
            invitedBy: null,
            origin: origin(config.publicUrl, config.port),
            inboundDomain: config.mail.inboundDomain,
            now: new Date(),
          }).catch((error: unknown) => {
            throw toCliError(error);
          });
          output(
            !!o.json,
            { member: out.member, emailed: out.mail.status === 'sent', link: out.link ?? null },
            out.link
              ? `Invited ${out.member.email} as ${out.member.role} (${out.member.id}). No email was sent: give them this link (works once, 7 days):\n${out.link}`
              : `Invited ${out.member.email} as ${out.member.role} (${out.member.id}); the link was emailed.`,
          );
        } finally {
          sender.close();
        }
      }),
    );
  members
    .command('list')
    .description('List the members of a workspace, by name')
    .option('--workspace <id>', 'workspace id (default: the only workspace)')
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const all = await listMembers(db, await pickWorkspace(db, o.workspace));
        output(
          !!o.json,
          all,
          all.length
            ? formatTable({
                head: ['id', 'name', 'email', 'role', 'state'],
                rows: all.map((m) => [m.id, m.name, m.email, m.role, m.active ? 'active' : 'invited']),
              })
            : 'No members.',
        );
      }),
    );
  members
    .command('remove <id>')
    .description('Remove a member: their conversations are unassigned and their sessions end')
    .option('--revoke-tokens', 'also revoke the API tokens they created')
    .option('--json', 'print JSON')
    .action((id: string, o: { revokeTokens?: boolean; json?: boolean }) =>
      withDatabase(async (db) => {
        const out = await removeMember(db, {
          memberId: id,
          actor: CLI_ACTOR,
          revokeTokens: o.revokeTokens === true,
          now: new Date(),
        }).catch((error: unknown) => {
          throw toCliError(error);
        });
        output(
          !!o.json,
          {
            ...out.member,
            unassigned_prospect_ids: out.unassignedProspectIds,
            ended_sessions: out.endedSessions,
            revoked_tokens: out.revokedTokens,
          },
          `Removed ${out.member.email} (${out.member.id}); ${out.unassignedProspectIds.length} conversations unassigned, ${out.endedSessions} sessions ended, ${out.revokedTokens} tokens revoked.`,
        );
      }),
    );
  members
    .command('set-role <id> <role>')
    .description('Give a member another role (a workspace keeps at least one owner)')
    .option('--json', 'print JSON')
    .action((id: string, value: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const out = await changeMemberRole(db, {
          memberId: id,
          role: role(value),
          actor: CLI_ACTOR,
          now: new Date(),
        }).catch((error: unknown) => {
          throw toCliError(error);
        });
        output(!!o.json, out.member, `${out.member.email} is ${out.member.role} now (was ${out.previous}).`);
      }),
    );
  members
    .command('reset-password <email>')
    .description('Make a one-time password-reset link (valid one hour)')
    .option('--json', 'print JSON')
    .action((email: string, o: { json?: boolean }) =>
      withDatabase(async (db, config) => {
        const sender = createMailSender(config.mail.relayUrl);
        try {
          const out = await createPasswordReset(db, {
            email,
            origin: origin(config.publicUrl, config.port),
            now: new Date(),
            ...(config.mail.relayUrl ? { mail: { sender, inboundDomain: config.mail.inboundDomain } } : {}),
          });
          if (!out.person)
            throw new CliError(`No person signs in as ${email}. See: prospectkit-server members list`);
          const emailed = out.mail?.status === 'sent';
          output(
            !!o.json,
            { email: out.person.email, emailed, link: emailed ? null : out.link },
            emailed
              ? `A reset link was emailed to ${out.person.email}.`
              : `Give ${out.person.email} this link (works once, for one hour):\n${out.link}`,
          );
        } finally {
          sender.close();
        }
      }),
    );
}
