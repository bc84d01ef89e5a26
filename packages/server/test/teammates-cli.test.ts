import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database.js';
import { createProspect } from '../src/store/prospects.js';
import { createTeammate } from '../src/store/teammates.js';
import { createWebhook } from '../src/store/webhooks.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { cliTargets, expectMistakes, prospectkit } from './cli-helpers.js';

describe.each(cliTargets('tmcli'))('teammates and conversations CLI on %s', (_kind, setup) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let workspaceId: string;
  let otherWorkspaceId: string;
  let prospectId: string;
  let strangerId: string;
  beforeAll(async () => {
    const made = await setup();
    ({ env, cleanup } = made);
    const db = await openDatabase(made.target);
    try {
      workspaceId = (await createWorkspace(db, 'CLI')).id;
      otherWorkspaceId = (await createWorkspace(db, 'Other')).id;
      // Never sent: no worker runs in these commands.
      await createWebhook(db, {
        workspaceId,
        url: 'https://hooks.example.com/in',
        events: ['conversation.assigned'],
      });
      strangerId = (
        await createTeammate(db, { workspaceId: otherWorkspaceId, name: 'S', email: 's@example.com' })
      ).id;
      await createTeammate(db, { workspaceId, name: 'T', email: 't@example.com' });
      prospectId = (
        await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Acme' }, new Date()))
      ).id;
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => cleanup());

  it('creates, lists and removes teammates, and assigns conversations, with --json', {
    timeout: 600_000,
  }, async () => {
    const ws = ['--workspace', workspaceId];
    const created = await prospectkit(
      env,
      'teammates',
      'create',
      ...ws,
      '--name',
      'Ana',
      '--email',
      'ana@example.com',
      '--json',
    );
    expect(created.code).toBe(0);
    const ana = JSON.parse(created.stdout);
    expect(ana).toMatchObject({
      name: 'Ana',
      email: 'ana@example.com',
      workspace_id: workspaceId,
      removed_at: null,
    });
    expect(ana.id).toMatch(/^tm_[0-9A-HJKMNP-TV-Z]{26}$/);
    const bo = await prospectkit(
      env,
      'teammates',
      'create',
      ...ws,
      '--name',
      'Bo',
      '--email',
      'bo@example.com',
    );
    expect(bo.stdout).toMatch(/^Added teammate tm_\w+ \(Bo <bo@example\.com>\)\.\n$/);
    const boId = (bo.stdout.match(/tm_\w+/) as RegExpMatchArray)[0];

    const assign = (teammate: string, ...rest: string[]) =>
      prospectkit(env, 'conversations', 'assign', '--prospect', prospectId, '--teammate', teammate, ...rest);
    const assigned = JSON.parse((await assign(ana.id, '--json')).stdout);
    expect(assigned).toMatchObject({
      emitted: true,
      deliveries: 1,
      conversation: { prospect_id: prospectId, assignee_id: ana.id },
      event: { event: 'conversation.assigned', data: { prospect_id: prospectId, assignee_id: ana.id } },
    });
    expect(assigned.conversation.id).toMatch(/^cv_/);
    const same = await assign(ana.id);
    expect(same).toMatchObject({ code: 0, stdout: `Already assigned to ${ana.id}: nothing emitted.\n` });
    expect((await assign(boId)).stdout).toMatch(
      new RegExp(
        `^Emitted conversation\\.assigned evt_\\w+ \\(assignee ${boId}\\); 1 deliveries queued\\.\\n$`,
      ),
    );

    const removed = await prospectkit(env, 'teammates', 'remove', boId, '--json');
    expect(JSON.parse(removed.stdout)).toMatchObject({ id: boId, unassigned_prospect_ids: [prospectId] });
    const table = (await prospectkit(env, 'teammates', 'list', ...ws)).stdout;
    expect(table.split('\n')[0]).toMatch(/^ID\s+NAME\s+EMAIL$/);
    expect(table).toMatch(new RegExp(`^${ana.id}\\s+Ana\\s+ana@example\\.com$`, 'm'));
    expect(table).not.toContain('bo@example.com');

    const events: Array<{ type: string; envelope: { data: { assignee_id?: string | null } } }> = JSON.parse(
      (await prospectkit(env, 'events', 'list', '--json')).stdout,
    );
    expect(
      events.filter((e) => e.type === 'conversation.assigned').map((e) => e.envelope.data.assignee_id),
    ).toEqual([null, boId, ana.id]);
    expect((await assign('none')).stdout).toBe('Already assigned to nobody: nothing emitted.\n');
  });

  it('explains mistakes with exit status 2', { timeout: 600_000 }, async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['teammates', 'create', '--name', 'Ana', '--email', 'a@example.com'],
        /Name the workspace with --workspace ID/,
      ],
      [
        ['teammates', 'create', '--workspace', workspaceId, '--name', ' ', '--email', 'nope'],
        /--name: Enter a name\. --email: Enter an email address like ana@example\.com\./,
      ],
      [
        ['teammates', 'create', '--workspace', workspaceId, '--name', 'T2', '--email', 'T@example.com'],
        /--email: A teammate with this email address already exists\./,
      ],
      [['teammates', 'list', '--workspace', 'ws_nope'], /No workspace ws_nope\./],
      [['teammates', 'remove', 'tm_nope'], /No teammate tm_nope\./],
      [['conversations', 'assign', '--prospect', 'prs_nope', '--teammate', 'none'], /No prospect prs_nope\./],
      [
        ['conversations', 'assign', '--prospect', prospectId, '--teammate', strangerId],
        new RegExp(`No teammate ${strangerId} in this workspace\\.`),
      ],
      [
        ['simulate', 'assign', '--prospect', prospectId, '--assignee', 'usr_7'],
        /No teammate usr_7 in this workspace\./,
      ],
    ];
    await expectMistakes(env, cases);
  });
});
