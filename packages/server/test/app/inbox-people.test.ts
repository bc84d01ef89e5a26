import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import type { OutgoingMail } from '../../src/mail/mail-sender.js';
import { ensureConversation } from '../../src/store/conversations.js';
import { setNotifyAssigned } from '../../src/store/members.js';
import { createProspect } from '../../src/store/prospects.js';
import { keepUnmatchedMessage } from '../../src/store/unmatched-messages.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { openTestDatabase, testDatabaseKinds } from '../../src/testing/index.js';
import { addTestMember, MEMBER_PASSWORD } from './role-fixture.js';
import { PASSWORD, startApp } from './settings-app.js';
import { SettingsClient } from './settings-client.js';

describe.each(testDatabaseKinds())('the inbox with people (%s)', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof startApp>>;
  let relayed: Awaited<ReturnType<typeof startApp>>;
  const sent: OutgoingMail[] = [];
  let workspaceId: string;
  let prospectId: string;
  let conversationId: string;
  const inbox = (rest = '') => `/workspaces/${workspaceId}/inbox${rest}`;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await startApp(db);
    relayed = await startApp(db, {
      mail: {
        sender: {
          send: async (mail) => {
            sent.push(mail);
            return { status: 'sent', error: null };
          },
          close() {},
        },
        inboundDomain: 'localhost',
      },
    });
    workspaceId = (await createWorkspace(db, 'Acme sales')).id;
    const now = new Date();
    prospectId = (
      await db.transaction((tx) =>
        createProspect(tx, workspaceId, { company: 'Globex', contact_email: 'hank@globex.example' }, now),
      )
    ).id;
    conversationId = (await db.transaction((tx) => ensureConversation(tx, { workspaceId, prospectId, now })))
      .id;
  });
  afterAll(async () => {
    await app?.close();
    await relayed?.close();
    await db?.close();
  });

  it('starts the "Assigned to" select at Anyone, so it never shows a name the list ignores', async () => {
    await addTestMember(db, { workspaceId, email: 'ana@example.com', name: 'Ana', role: 'member' });
    const owner = new SettingsClient(app.origin);
    await owner.signIn(PASSWORD);
    const page = await owner.get(inbox());
    expect(page.text).toContain('<option value="" selected>Anyone</option>');
    expect(/<select id="f-assignee"[\s\S]*?<\/select>/.exec(page.text)?.[0].match(/ selected/g)).toHaveLength(
      1,
    );
  });

  it('shows a reply kept unsent (no relay) as a warning, not a success, and says who wrote it', async () => {
    const owner = new SettingsClient(app.origin);
    await owner.signIn(PASSWORD);
    const sentReply = await owner.submit(inbox(`/${conversationId}`), inbox(`/${conversationId}/reply`), {
      body: 'Hello Hank',
    });
    expect(sentReply.status).toBe(303);
    const page = await owner.get(sentReply.location as string);
    expect(page.text).toMatch(/<div class="warning" role="status">Email kept but not sent/);
    expect(page.text).not.toMatch(/<div class="notice" role="status">Email kept/);
    expect(page.text).toContain('by Owner');
  });

  it('preselects no prospect for unmatched mail, keeps its arrival time once attached, and replies to its sender', async () => {
    const arrived = new Date(Date.now() - 3 * 86_400_000);
    const { id } = await db.transaction((tx) =>
      keepUnmatchedMessage(tx, {
        workspace_id: workspaceId,
        message_id: 'colleague-1@globex.example',
        in_reply_to: null,
        references_ids: [],
        envelope_from: 'lou@globex.example',
        from_address: 'lou@globex.example',
        to_address: `in@localhost`,
        subject: 'About your offer',
        text_body: 'Lou here, Hank is away.',
        html_body: null,
        raw_size_bytes: 100,
        received_at: arrived,
      }),
    );
    const owner = new SettingsClient(app.origin);
    await owner.signIn(PASSWORD);
    const page = await owner.get(inbox('/unmatched'));
    expect(page.text).toContain('<option value="" selected>Choose a prospect…</option>');
    const unchosen = await owner.submit(inbox('/unmatched'), inbox(`/unmatched/${id}/attach`), {
      prospect: '',
    });
    expect(unchosen.status).toBe(422);
    expect(unchosen.text).toContain('Choose a prospect');
    const attached = await owner.submit(inbox('/unmatched'), inbox(`/unmatched/${id}/attach`), {
      prospect: prospectId,
    });
    expect(attached.status).toBe(303);
    const [kept] = await db.query<{ created_at: Date }>(
      `select created_at from messages where message_id = 'colleague-1@globex.example'`,
    );
    expect(kept?.created_at.toISOString()).toBe(arrived.toISOString());
    const conversation = await owner.get(inbox(`/${conversationId}`));
    expect(conversation.text).toContain('To <code>lou@globex.example</code>');
    await owner.submit(inbox(`/${conversationId}`), inbox(`/${conversationId}/reply`), {
      body: 'Thanks Lou',
    });
    const [reply] = await db.query<{ to_address: string }>(
      `select to_address from messages where conversation_id = $1 and direction = 'outgoing' order by created_at desc limit 1`,
      [conversationId],
    );
    expect(reply?.to_address).toBe('lou@globex.example');
  });

  it('lists "My conversations" and emails an assignee who asked for it', async () => {
    const { memberId } = await addTestMember(db, {
      workspaceId,
      email: 'mo@example.com',
      name: 'Mo',
      role: 'member',
    });
    await setNotifyAssigned(db, { id: memberId, notify: true });
    const owner = new SettingsClient(relayed.origin);
    await owner.signIn(PASSWORD);
    expect(
      (
        await owner.submit(inbox(`/${conversationId}`), inbox(`/${conversationId}/assignee`), {
          teammate_id: memberId,
        })
      ).status,
    ).toBe(303);
    expect(sent.at(-1)).toMatchObject({ to: 'mo@example.com', subject: 'Assigned to you: Globex' });
    expect(sent.at(-1)?.text).toContain(`/inbox/${conversationId}`);
    const mo = new SettingsClient(relayed.origin);
    await mo.signIn(MEMBER_PASSWORD, 'mo@example.com');
    expect((await mo.get(inbox('?filter=mine'))).text).toContain('Globex');
    expect((await owner.get(inbox('?filter=mine'))).text).not.toContain('Globex');
  });
});
