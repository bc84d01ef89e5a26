import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assigneeForm } from '../../src/app/inbox/assignee-form.js';
import type { Database } from '../../src/db/database.js';
import { ensureConversation, getConversation } from '../../src/store/conversations.js';
import { createProspect } from '../../src/store/prospects.js';
import { createTeammate, type Teammate } from '../../src/store/teammates.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { PASSWORD, startApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

describe('assigneeForm', () => {
  it('posts teammate_id to the assignee route, with the current assignee selected and Unassigned first', () => {
    const teammates = [
      { id: 'tm_A', name: 'Ana <Lima>', email: 'ana@example.com' },
      { id: 'tm_B', name: 'Bo', email: 'bo@example.com' },
    ] as Teammate[];
    const conversation = { id: 'cv_1', assignee_id: 'tm_B' } as Parameters<
      typeof assigneeForm
    >[0]['conversation'];
    const markup = assigneeForm({ workspaceId: 'ws_1', conversation, teammates, csrf: 'tok' }).value;
    expect(markup).toContain('action="/workspaces/ws_1/inbox/cv_1/assignee"');
    expect(markup).toContain('name="_csrf" value="tok"');
    expect(markup).toContain('<select id="f-teammate_id" name="teammate_id">');
    expect(markup.match(/<option[^>]*>[^<]*/g)).toEqual([
      '<option value="">Unassigned',
      '<option value="tm_A">Ana &lt;Lima&gt; (ana@example.com)',
      '<option value="tm_B" selected>Bo (bo@example.com)',
    ]);
    const unassigned = assigneeForm({
      workspaceId: 'ws_1',
      conversation: { ...conversation, assignee_id: null },
      teammates: [],
      csrf: 'tok',
    }).value;
    expect(unassigned).toContain('<option value="" selected>Unassigned');
    expect(unassigned).toContain('href="/workspaces/ws_1/settings/members">Invite members</a>');
  });
});

describe.each(testDatabaseKinds())('the inbox assignee route (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let workspaceId: string;
  let conversationId: string;
  let prospectId: string;
  let ana: Teammate;
  let stranger: Teammate;
  let client: SettingsClient;
  const base = () => `/workspaces/${workspaceId}`;
  const assignedEvents = async () =>
    (
      await db.query<{ body: string }>(
        "select body from events where type = 'conversation.assigned' order by id",
      )
    ).map((e) => JSON.parse(e.body).data);
  /** Posts the form, expects the redirect back to the conversation, and returns the message it left. */
  const post = async (teammateId: string) => {
    const answer = await client.submit(
      `${base()}/settings/members`,
      `${base()}/inbox/${conversationId}/assignee`,
      {
        teammate_id: teammateId,
      },
    );
    expect([answer.status, answer.location]).toEqual([303, `${base()}/inbox/${conversationId}`]);
    const next = await client.get(`${base()}/settings/members`);
    return /<div class="notice" role="status">([^<]*)<\/div>/.exec(next.text)?.[1];
  };

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await startApp(db);
    workspaceId = (await createWorkspace(db, 'Acme sales')).id;
    const other = (await createWorkspace(db, 'Other')).id;
    prospectId = (
      await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Globex' }, new Date()))
    ).id;
    conversationId = (await db.transaction((tx) => ensureConversation(tx, { workspaceId, prospectId }))).id;
    ana = await createTeammate(db, { workspaceId, name: 'Ana', email: 'ana@example.com' });
    stranger = await createTeammate(db, { workspaceId: other, name: 'Stranger', email: 's@example.com' });
    client = new SettingsClient(app.origin);
    expect((await client.signIn(PASSWORD)).status).toBe(303);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('assigns, says when nothing changed, unassigns, and emits conversation.assigned only on a change', async () => {
    expect(await post(ana.id)).toBe('Assigned to Ana.');
    expect(await post(ana.id)).toBe('Already assigned to Ana: nothing sent.');
    expect(await post('')).toBe('Unassigned.');
    expect(await post('')).toBe('Already unassigned: nothing sent.');
    expect(await assignedEvents()).toEqual([
      { prospect_id: prospectId, assignee_id: ana.id },
      { prospect_id: prospectId, assignee_id: null },
    ]);
  });

  it("refuses another workspace's teammate without changing anything", async () => {
    expect(await post(stranger.id)).toBe(
      'That teammate is not in this workspace (removed?): the assignee was not changed.',
    );
    expect((await getConversation(db, { workspaceId, conversationId }))?.assignee_id).toBeNull();
    expect(await assignedEvents()).toHaveLength(2);
  });

  it('answers 404 for a conversation of no such id, and 403 without the CSRF token', async () => {
    const unknown = await client.submit(`${base()}/settings/members`, `${base()}/inbox/cv_nope/assignee`, {
      teammate_id: ana.id,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('This workspace has no conversation with that id.');
    const forged = await client.request('POST', `${base()}/inbox/${conversationId}/assignee`, {
      teammate_id: ana.id,
    });
    expect(forged.status).toBe(403);
    expect(await assignedEvents()).toHaveLength(2);
  });
});
