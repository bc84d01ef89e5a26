import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import {
  assignConversation,
  ensureConversation,
  getConversation,
  listConversations,
  markConversationRead,
  recordConversationActivity,
} from '../src/store/conversations.js';
import { createProspect } from '../src/store/prospects.js';
import {
  checkTeammateInput,
  createTeammate,
  getTeammate,
  listTeammates,
  removeTeammate,
} from '../src/store/teammates.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../src/testing/index.js';

describe('checkTeammateInput', () => {
  it.each<[string, { name: string; email: string }, Record<string, string>]>([
    ['good input', { name: ' Ana ', email: ' ana@example.com ' }, {}],
    ['an empty name', { name: '  ', email: 'ana@example.com' }, { name: 'Enter a name.' }],
    [
      'a long name',
      { name: 'a'.repeat(201), email: 'ana@example.com' },
      { name: 'Use at most 200 characters.' },
    ],
    [
      'a control character',
      { name: 'A\u0000na', email: 'ana@example.com' },
      { name: 'Remove control characters from the name.' },
    ],
    // Issue 24, also noted: a bidi override (U+202E) showed the name reversed, on every page and in the CLI.
    [
      'a bidi override',
      { name: 'Ana \u202eSmith', email: 'ana@example.com' },
      { name: 'Remove control characters from the name.' },
    ],
    [
      'a bidi isolate',
      { name: 'Ana \u2067x\u2069', email: 'ana@example.com' },
      { name: 'Remove control characters from the name.' },
    ],
    ['an empty email', { name: 'Ana', email: '' }, { email: 'Enter an email address.' }],
    [
      'a bad email',
      { name: 'Ana', email: 'ana@' },
      { email: 'Enter an email address like ana@example.com.' },
    ],
  ])('with %s', (_name, input, want) => {
    expect(checkTeammateInput(input).issues).toEqual(want);
  });
});

describe.each(testDatabaseKinds())('teammates and conversations storage (%s)', (kind) => {
  let db: Database;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    workspaceId = (await createWorkspace(db, 'Acme')).id;
    otherWorkspaceId = (await createWorkspace(db, 'Other')).id;
  });
  afterAll(() => db?.close());

  const newProspect = (company = 'Globex', ws = workspaceId) =>
    db.transaction((tx) => createProspect(tx, ws, { company }, new Date()));
  const assignedEvents = (prospectId: string) =>
    db.query<{ body: string }>(
      `select body from events where type = 'conversation.assigned' and body::json->'data'->>'prospect_id' = $1
       order by id`,
      [prospectId],
    );

  it('adds teammates with tm_ ids, refuses a taken email (ignoring case), and lists them by name', async () => {
    const zoe = await createTeammate(db, { workspaceId, name: 'Zoe', email: 'zoe@example.com' });
    const ana = await createTeammate(db, { workspaceId, name: 'Ana', email: 'ana@example.com' });
    expect(zoe.id).toMatch(/^tm_[0-9A-HJKMNP-TV-Z]{26}$/);
    await expect(
      createTeammate(db, { workspaceId, name: 'Ana 2', email: 'ANA@example.com' }),
    ).rejects.toMatchObject({
      code: 'invalid',
      issues: { email: 'A teammate with this email address already exists.' },
    });
    await expect(createTeammate(db, { workspaceId, name: '', email: 'x' })).rejects.toMatchObject({
      code: 'invalid',
      issues: { name: 'Enter a name.', email: 'Enter an email address like ana@example.com.' },
    });
    // Another workspace may use the same address.
    await createTeammate(db, { workspaceId: otherWorkspaceId, name: 'Ana', email: 'ana@example.com' });
    expect((await listTeammates(db, { workspaceId })).map((t) => t.name)).toEqual(['Ana', 'Zoe']);
    expect(await getTeammate(db, { workspaceId, id: ana.id })).toMatchObject({ email: 'ana@example.com' });
    expect(await getTeammate(db, { workspaceId: otherWorkspaceId, id: ana.id })).toBeUndefined();
  });

  it('assigns, reassigns and unassigns, emitting conversation.assigned each time and nothing for a no-op', async () => {
    const prospect = await newProspect();
    const a = await createTeammate(db, { workspaceId, name: 'A', email: 'a@example.com' });
    const b = await createTeammate(db, { workspaceId, name: 'B', email: 'b@example.com' });
    const assign = (teammateId: string | null) =>
      assignConversation(db, { workspaceId, prospectId: prospect.id, teammateId });

    const first = await assign(a.id);
    expect(first).toMatchObject({
      emitted: true,
      conversation: { prospect_id: prospect.id, assignee_id: a.id },
    });
    expect(first.conversation.id).toMatch(/^cv_/);
    expect((await assign(a.id)).emitted).toBe(false);
    expect((await assign(b.id)).conversation.assignee_id).toBe(b.id);
    const byId = await assignConversation(db, {
      workspaceId,
      conversationId: first.conversation.id,
      teammateId: null,
    });
    expect(byId).toMatchObject({ emitted: true, conversation: { assignee_id: null } });
    expect((await assign(null)).emitted).toBe(false);

    const events = (await assignedEvents(prospect.id)).map((e) => JSON.parse(e.body));
    expect(events.map((e) => e.data)).toEqual([
      { prospect_id: prospect.id, assignee_id: a.id },
      { prospect_id: prospect.id, assignee_id: b.id },
      { prospect_id: prospect.id, assignee_id: null },
    ]);
    expect(events[0]).toMatchObject({ event: 'conversation.assigned', workspace_id: workspaceId });
  });

  it('refuses a teammate of another workspace, an unknown prospect and an unknown conversation, emitting nothing', async () => {
    const prospect = await newProspect();
    const stranger = await createTeammate(db, {
      workspaceId: otherWorkspaceId,
      name: 'Stranger',
      email: 'stranger@example.com',
    });
    await expect(
      assignConversation(db, { workspaceId, prospectId: prospect.id, teammateId: stranger.id }),
    ).rejects.toMatchObject({ code: 'teammate_not_found' });
    const mine = await createTeammate(db, { workspaceId, name: 'Mine', email: 'mine@example.com' });
    const otherProspect = await newProspect('Initech', otherWorkspaceId);
    await expect(
      assignConversation(db, { workspaceId, prospectId: otherProspect.id, teammateId: mine.id }),
    ).rejects.toMatchObject({ code: 'prospect_not_found' });
    await expect(
      assignConversation(db, { workspaceId, conversationId: 'cv_nope', teammateId: mine.id }),
    ).rejects.toMatchObject({ code: 'conversation_not_found' });
    expect(await assignedEvents(prospect.id)).toEqual([]);
    expect(await assignedEvents(otherProspect.id)).toEqual([]);
  });

  it('removing a teammate unassigns their conversations, emitting assignee_id null for each', async () => {
    const [p1, p2, p3] = [await newProspect('One'), await newProspect('Two'), await newProspect('Three')];
    const leaving = await createTeammate(db, { workspaceId, name: 'Leaving', email: 'leaving@example.com' });
    const staying = await createTeammate(db, { workspaceId, name: 'Staying', email: 'staying@example.com' });
    await assignConversation(db, { workspaceId, prospectId: p1.id, teammateId: leaving.id });
    await assignConversation(db, { workspaceId, prospectId: p2.id, teammateId: leaving.id });
    await assignConversation(db, { workspaceId, prospectId: p3.id, teammateId: staying.id });

    const { unassignedProspectIds } = await removeTeammate(db, { id: leaving.id });
    expect(unassignedProspectIds.sort()).toEqual([p1.id, p2.id].sort());
    for (const p of [p1, p2]) {
      expect((await getConversation(db, { workspaceId, prospectId: p.id }))?.assignee_id).toBeNull();
      const data = (await assignedEvents(p.id)).map((e) => JSON.parse(e.body).data.assignee_id);
      expect(data).toEqual([leaving.id, null]);
    }
    expect((await getConversation(db, { workspaceId, prospectId: p3.id }))?.assignee_id).toBe(staying.id);
    expect(await getTeammate(db, { workspaceId, id: leaving.id })).toBeUndefined();
    await expect(removeTeammate(db, { id: leaving.id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      assignConversation(db, { workspaceId, prospectId: p1.id, teammateId: leaving.id }),
    ).rejects.toMatchObject({ code: 'teammate_not_found' });
    // The address is free again.
    await createTeammate(db, { workspaceId, name: 'Back', email: 'leaving@example.com' });
  });

  it('lists by latest activity with filters and a cursor, and tracks unread', async () => {
    const ws = (await createWorkspace(db, 'Listing')).id;
    const t = await createTeammate(db, { workspaceId: ws, name: 'T', email: 't@example.com' });
    const ids: string[] = [];
    for (const [i, company] of ['Old', 'Mid', 'New', 'Quiet'].entries()) {
      const p = await newProspect(company, ws);
      const c = await db.transaction((tx) => ensureConversation(tx, { workspaceId: ws, prospectId: p.id }));
      if (company !== 'Quiet')
        await recordConversationActivity(db, {
          conversationId: c.id,
          at: new Date(Date.UTC(2026, 0, 1 + i)),
          incoming: company === 'Mid',
        });
      ids.push(c.id);
    }
    await assignConversation(db, { workspaceId: ws, conversationId: ids[0] as string, teammateId: t.id });
    const companies = async (filter: 'all' | 'unassigned' | 'assigned' | 'unread', assigneeId?: string) =>
      (await listConversations(db, { workspaceId: ws, filter, assigneeId, limit: 10 })).data.map(
        (c) => c.company,
      );
    expect(await companies('all')).toEqual(['New', 'Mid', 'Old', 'Quiet']);
    expect(await companies('unassigned')).toEqual(['New', 'Mid', 'Quiet']);
    expect(await companies('assigned')).toEqual(['Old']);
    expect(await companies('assigned', t.id)).toEqual(['Old']);
    expect(await companies('unread')).toEqual(['Mid']);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listConversations(db, { workspaceId: ws, filter: 'all', limit: 1, cursor });
      seen.push(...page.data.map((c) => c.company));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['New', 'Mid', 'Old', 'Quiet']);

    expect(
      await markConversationRead(db, { workspaceId: ws, conversationId: ids[1] as string }),
    ).toMatchObject({
      unread: false,
    });
    expect(await companies('unread')).toEqual([]);
    expect(await markConversationRead(db, { workspaceId, conversationId: ids[1] as string })).toBeUndefined();
  });
});
