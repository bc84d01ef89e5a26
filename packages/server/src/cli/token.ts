import { ABILITIES, type Ability } from '@prospectkit/core';
import type { Command } from 'commander';
import { createApiToken, listApiTokens, MAX_TOKEN_LIFETIME_MS, revokeApiToken } from '../store/api-tokens.js';
import { recordAudit, withAudit } from '../store/audit-log.js';
import { CLI_ACTOR } from './cli-actor.js';
import { CliError } from './cli-error.js';
import { formatTable } from './format-table.js';
import { commaList, durationMs } from './option-parsers.js';
import { output } from './output.js';
import { pickWorkspace } from './pick-workspace.js';
import { withDatabase } from './with-database.js';

/**
 * `token create --abilities a,b [--workspace ID] [--expires-in 90d] [--name N]` / `list` / `revoke ID`. A token
 * is printed once, at creation; only its SHA-256 hash is stored.
 *
 * @see openapi/openapi.yaml, `components.securitySchemes.bearerAuth` (the token and its abilities)
 */
export function registerToken(program: Command): void {
  const token = program.command('token').description('Manage API tokens');
  token
    .command('create')
    .option('--workspace <id>', 'workspace id (default: the only workspace)')
    .requiredOption('--abilities <list>', `comma-separated: ${ABILITIES.join(',')}`, commaList)
    .option('--expires-in <duration>', 'lifetime, at most 365d', durationMs, 90 * 86_400_000)
    .option('--name <name>', 'token name', 'API token')
    .option('--json', 'print JSON')
    .action(
      (o: { workspace?: string; abilities: string[]; expiresIn: number; name: string; json?: boolean }) =>
        withDatabase(async (db) => {
          const unknown = o.abilities.filter((a) => !ABILITIES.includes(a as Ability));
          if (unknown.length || o.abilities.length === 0) {
            throw new CliError(
              `--abilities takes a non-empty list of ${ABILITIES.join(', ')}; unknown: ${unknown.join(', ') || 'none given'}.`,
            );
          }
          if (o.expiresIn > MAX_TOKEN_LIFETIME_MS)
            throw new CliError('--expires-in is at most 365d (a token lives at most one year).');
          const now = new Date();
          const workspaceId = await pickWorkspace(db, o.workspace);
          // The token and its audit entry (by the CLI) in one transaction.
          const created = await withAudit(
            db,
            (tx) =>
              createApiToken(tx, {
                workspaceId,
                name: o.name,
                abilities: o.abilities as Ability[],
                expiresAt: new Date(now.getTime() + o.expiresIn),
                now,
              }),
            ({ record }) => ({
              workspaceId,
              actor: CLI_ACTOR,
              action: 'token.created',
              target: { type: 'token', id: record.id, label: record.name },
              detail: record.abilities.join(', '),
              now,
            }),
          );
          output(
            !!o.json,
            { ...created.record, token: created.token },
            `Created token ${created.record.id}. Copy it now, it is not shown again:\n${created.token}`,
          );
        }),
    );
  token
    .command('list')
    .option('--workspace <id>', 'only this workspace')
    .option('--json', 'print JSON')
    .action((o: { workspace?: string; json?: boolean }) =>
      withDatabase(async (db) => {
        const all = await listApiTokens(db, o.workspace);
        const now = new Date();
        output(
          !!o.json,
          all,
          all.length
            ? formatTable({
                head: ['id', 'status', 'abilities', 'expires', 'name'],
                rows: all.map((t) => [
                  t.id,
                  t.revoked_at ? 'revoked' : t.expires_at < now ? 'expired' : 'active',
                  t.abilities.join(','),
                  t.expires_at.toISOString(),
                  t.name,
                ]),
              })
            : 'No tokens.',
        );
      }),
    );
  token
    .command('revoke <id>')
    .option('--json', 'print JSON')
    .action((id: string, o: { json?: boolean }) =>
      withDatabase(async (db) => {
        const revoked = await db.transaction(async (tx) => {
          const [row] = await tx.query<{ workspace_id: string; name: string }>(
            'select workspace_id, name from api_tokens where id = $1',
            [id],
          );
          if (!row || !(await revokeApiToken(tx, id))) return false;
          await recordAudit(tx, {
            workspaceId: row.workspace_id,
            actor: CLI_ACTOR,
            action: 'token.revoked',
            target: { type: 'token', id, label: row.name },
            now: new Date(),
          });
          return true;
        });
        if (!revoked) throw new CliError(`No token ${id}.`);
        output(!!o.json, { id, revoked: true }, `Revoked token ${id}.`);
      }),
    );
}
