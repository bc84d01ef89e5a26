import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { cliTargets, expectMistakes, prospectkit } from './cli-helpers.js';

describe.each(cliTargets('mbcli'))('members and audit CLI on %s', (_kind, setup) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let workspaceId: string;
  beforeAll(async () => {
    const made = await setup();
    ({ env, cleanup } = made);
    const db = await openDatabase(made.target);
    try {
      workspaceId = (await createWorkspace(db, 'CLI people')).id;
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => cleanup());

  it('invites, lists, sets roles, makes a reset link, removes, and lists the audit log as JSON', {
    timeout: 600_000,
  }, async () => {
    const ws = ['--workspace', workspaceId];
    const invited = await prospectkit(
      env,
      'members',
      'invite',
      'ana@example.com',
      ...ws,
      '--name',
      'Ana',
      '--role',
      'owner',
      '--json',
    );
    expect(invited.code).toBe(0);
    const ana = JSON.parse(invited.stdout);
    expect(ana).toMatchObject({ member: { email: 'ana@example.com', role: 'owner' }, emailed: false });
    expect(ana.link).toMatch(/^http:\/\/localhost:3000\/invitations\/[\w-]{43}$/);
    const bo = await prospectkit(env, 'members', 'invite', 'bo@example.com', ...ws, '--name', 'Bo');
    expect(bo.stdout).toMatch(/^Invited bo@example\.com as member \(tm_\w+\)\. No email was sent/);
    const boId = (bo.stdout.match(/tm_\w+/) as RegExpMatchArray)[0];
    const list = JSON.parse((await prospectkit(env, 'members', 'list', ...ws, '--json')).stdout);
    expect(
      list.map((m: { email: string; role: string; active: boolean }) => [m.email, m.role, m.active]),
    ).toEqual([
      ['ana@example.com', 'owner', false],
      ['bo@example.com', 'member', false],
    ]);
    expect((await prospectkit(env, 'members', 'set-role', boId, 'admin')).stdout).toBe(
      'bo@example.com is admin now (was member).\n',
    );
    const reset = await prospectkit(env, 'members', 'reset-password', 'bo@example.com');
    expect(reset.stdout).toMatch(/\/password-reset\/[\w-]{43}\n$/);
    expect((await prospectkit(env, 'members', 'remove', boId)).stdout).toMatch(/^Removed bo@example\.com/);
    const audit = JSON.parse(
      (await prospectkit(env, 'audit', 'list', '--workspace', workspaceId, '--json')).stdout,
    );
    expect(audit.map((e: { action: string; actor_label: string }) => [e.action, e.actor_label])).toEqual([
      ['member.removed', 'CLI'],
      ['member.role_changed', 'CLI'],
      ['member.invited', 'CLI'],
      ['member.invited', 'CLI'],
    ]);
  });

  it('records tokens and webhooks made and revoked with the CLI in the audit log, as by the CLI', {
    timeout: 600_000,
  }, async () => {
    const made = JSON.parse(
      (
        await prospectkit(
          env,
          'token',
          'create',
          '--workspace',
          workspaceId,
          '--abilities',
          'prospects:read',
          '--name',
          'Nightly',
          '--json',
        )
      ).stdout,
    );
    await prospectkit(env, 'token', 'revoke', made.id);
    const audit = JSON.parse(
      (await prospectkit(env, 'audit', 'list', '--workspace', workspaceId, '--json', '--limit', '2')).stdout,
    );
    expect(
      audit.map((e: { action: string; target_label: string; actor_label: string }) => [
        e.action,
        e.target_label,
        e.actor_label,
      ]),
    ).toEqual([
      ['token.revoked', 'Nightly', 'CLI'],
      ['token.created', 'Nightly', 'CLI'],
    ]);
  });

  it('refuses mistakes with one line and exit status 2: the last owner stays', {
    timeout: 600_000,
  }, async () => {
    const list = JSON.parse(
      (await prospectkit(env, 'members', 'list', '--workspace', workspaceId, '--json')).stdout,
    );
    const owner = list.find((m: { role: string }) => m.role === 'owner').id as string;
    await expectMistakes(env, [
      [['members', 'set-role', owner, 'viewer'], /at least one owner/],
      [['members', 'remove', owner], /at least one owner/],
      [['members', 'set-role', owner, 'god'], /--role must be one of owner, admin, member, viewer/],
      [
        ['members', 'invite', 'not-an-address', '--workspace', workspaceId, '--name', 'X'],
        /EMAIL: Enter an email address/,
      ],
      [['members', 'remove', 'tm_nope'], /No member tm_nope/],
      [['members', 'reset-password', 'ghost@example.com'], /No person signs in as ghost@example\.com/],
      [['audit', 'list', '--action', 'nope'], /--action must be one of/],
    ]);
  });
});
