import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database.js';
import { createProspect } from '../src/store/prospects.js';
import { createWebhook } from '../src/store/webhooks.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { cliTargets, expectMistakes, prospectkit } from './cli-helpers.js';

const targets = cliTargets('dcli');

describe.each(targets)('delivery CLI on %s', (kind, setup) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let prospectId: string;
  let webhookId: string;
  beforeAll(async () => {
    const made = await setup();
    ({ env, cleanup } = made);
    const db = await openDatabase(made.target);
    try {
      const workspace = await createWorkspace(db, 'CLI');
      // Never sent: no worker runs in these commands.
      webhookId = (
        await createWebhook(db, {
          workspaceId: workspace.id,
          url: 'https://hooks.example.com/in',
          events: ['prospect.created', 'inbox.reply.received', 'conversation.assigned'],
        })
      ).record.id;
      prospectId = (
        await db.transaction((tx) =>
          createProspect(
            tx,
            workspace.id,
            { company: 'Acme', contact_email: 'ada@acme.example' },
            new Date(),
          ),
        )
      ).id;
    } finally {
      await db.close();
    }
  }, 60_000);
  afterAll(() => cleanup());

  it('simulates replies and assignments, lists events and deliveries, shows and redelivers, with --json', {
    timeout: 300_000,
  }, async () => {
    const reply = await prospectkit(env, 'simulate', 'reply', '--prospect', prospectId, '--json');
    expect(reply.code).toBe(0);
    expect(JSON.parse(reply.stdout)).toMatchObject({
      event: {
        event: 'inbox.reply.received',
        data: { prospect_id: prospectId, company: 'Acme', contact_email: 'ada@acme.example' },
      },
      deliveries: 1,
    });
    const assigned = JSON.parse(
      (await prospectkit(env, 'simulate', 'assign', '--prospect', prospectId, '--assignee', 'new', '--json'))
        .stdout,
    );
    expect(assigned).toMatchObject({ emitted: true, deliveries: 1 });
    expect(assigned.event).toMatchObject({
      event: 'conversation.assigned',
      data: { prospect_id: prospectId, assignee_id: expect.stringMatching(/^tm_/) },
    });
    // The same path as `conversations assign`: the current assignee again emits nothing.
    const sameAssignee = await prospectkit(
      env,
      'simulate',
      'assign',
      '--prospect',
      prospectId,
      '--assignee',
      assigned.conversation.assignee_id,
    );
    expect(sameAssignee.stdout).toBe(
      `Already assigned to ${assigned.conversation.assignee_id}: nothing emitted.\n`,
    );
    const unassigned = await prospectkit(
      env,
      'simulate',
      'assign',
      '--prospect',
      prospectId,
      '--assignee',
      'none',
    );
    expect(unassigned.stdout).toMatch(
      /^Emitted conversation\.assigned evt_\w+ \(assignee nobody\); 1 deliveries queued\./,
    );

    const events = JSON.parse((await prospectkit(env, 'events', 'list', '--json')).stdout);
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'conversation.assigned',
      'conversation.assigned',
      'inbox.reply.received',
      'prospect.created',
    ]);
    expect(events[0].envelope.data).toEqual({ prospect_id: prospectId, assignee_id: null });
    expect(events[0].deliveries).toEqual({ pending: 1, succeeded: 0, failed: 0 });

    const pending = JSON.parse(
      (await prospectkit(env, 'deliveries', 'list', '--webhook', webhookId, '--status', 'pending', '--json'))
        .stdout,
    );
    expect(pending).toHaveLength(4);
    expect(pending[0]).toMatchObject({ status: 'pending', attempts: 0, webhook_id: webhookId });
    const shown = await prospectkit(env, 'deliveries', 'show', pending[0].id);
    expect(shown.stdout).toContain('No attempts yet.');
    expect(
      JSON.parse((await prospectkit(env, 'deliveries', 'show', pending[0].id, '--json')).stdout),
    ).toMatchObject({ id: pending[0].id, event_id: pending[0].event_id, attempt_log: [] });
    const again = JSON.parse(
      (await prospectkit(env, 'deliveries', 'redeliver', pending[0].id, '--json')).stdout,
    );
    expect(again).toMatchObject({ event_id: pending[0].event_id, webhook_id: webhookId, status: 'pending' });
    expect(again.id).not.toBe(pending[0].id);
  });

  it('explains mistakes the database answers', { timeout: 300_000 }, async () => {
    const cases: Array<[string[], RegExp]> = [
      [['simulate', 'reply', '--prospect', 'prs_nope'], /No prospect prs_nope\./],
      [['deliveries', 'list', '--webhook', 'wh_nope'], /No webhook wh_nope\./],
      [['deliveries', 'show', 'del_nope'], /No delivery del_nope\./],
      [['deliveries', 'redeliver', 'del_nope'], /No delivery del_nope\./],
    ];
    await expectMistakes(env, cases);
  });

  // Refused by rules that do not depend on the database, so one database proves them: the last target
  // (PostgreSQL when there is one, where each command starts faster).
  it.runIf(kind === targets.at(-1)?.[0])(
    'explains mistakes in the options',
    { timeout: 300_000 },
    async () => {
      const cases: Array<[string[], RegExp]> = [
        [
          ['deliveries', 'list', '--status', 'done'],
          /--status is one of pending, succeeded, failed; got "done"\./,
        ],
        [['worker', '--lease-seconds', '5'], /--lease-seconds is at least 15/],
        [
          ['webhook', 'create', '--url', 'https://127.0.0.1/in', '--events', 'prospect.created'],
          /The webhook address 127\.0\.0\.1 is not a public address \(loopback\)/,
        ],
      ];
      await expectMistakes(env, cases);
    },
  );
});
