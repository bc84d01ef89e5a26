import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailSender, type MailSender } from '../../src/mail/mail-sender.js';
import { recordIncomingMessage } from '../../src/store/messages.js';
import { createProspect } from '../../src/store/prospects.js';
import { createTeammate } from '../../src/store/teammates.js';
import { keepUnmatchedMessage } from '../../src/store/unmatched-messages.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { startTestRelay, type TestRelay } from '../mail/mail-helpers.js';
import {
  launchBrowser,
  SCREENSHOT_DIR,
  type SettingsServer,
  screenshot,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

// A browser on a busy two-CPU CI machine can be slow; a stuck page still fails, within the minute.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const HOSTILE_HTML =
  '<p>Thanks, <b>Tuesday</b> works.</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">';

describe.each(testDatabaseKinds())('the inbox in a browser (%s)', (kind) => {
  let server: SettingsServer;
  let relay: TestRelay;
  let sender: MailSender;
  let context: BrowserContext;
  let page: Page;
  let prospectId: string;
  let otherProspectId: string;
  const inbox = (rest = '') => `${server.origin}/workspaces/${server.workspaceId}/inbox${rest}`;
  const shoot = async (name: string) => {
    if (kind !== 'pglite') return;
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
    await screenshot(page, name);
  };
  const replyEvents = async () =>
    (
      await server.db.query<{ body: string }>("select body from events where type = 'inbox.reply.received'")
    ).map((e) => JSON.parse(e.body) as { data: { prospect_id: string } });

  beforeAll(async () => {
    relay = await startTestRelay();
    sender = createMailSender(relay.url);
    server = await startSettingsServer(kind, { mail: { sender, inboundDomain: 'mail.test' } });
    const now = new Date();
    prospectId = (
      await server.db.transaction((tx) =>
        createProspect(
          tx,
          server.workspaceId,
          {
            company: 'Analytical Engines',
            contact_name: 'Ada Lovelace',
            contact_email: 'ada@engines.example',
          },
          now,
        ),
      )
    ).id;
    otherProspectId = (
      await server.db.transaction((tx) =>
        createProspect(
          tx,
          server.workspaceId,
          { company: 'Compilers Inc', contact_email: 'grace@compilers.example' },
          now,
        ),
      )
    ).id;
    await createTeammate(server.db, {
      workspaceId: server.workspaceId,
      name: 'Ana Teammate',
      email: 'ana@acme.example',
    });
    context = await browser.newContext({ javaScriptEnabled: true });
    page = await context.newPage();
    await signIn(page, server.origin);
  });

  afterAll(async () => {
    await context?.close();
    sender?.close();
    await server?.close();
    await relay?.close();
  });

  it('writes an email to a prospect through the relay and shows it in the conversation', async () => {
    await page.goto(inbox(`/new?prospect=${prospectId}`));
    await expect(
      page.getByRole('heading', { name: 'Write to Analytical Engines' }).isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Send email' }).click();
    await expect(page.locator('.field-error').allTextContents()).resolves.toEqual([
      'Enter a subject.',
      'Write the message.',
    ]);
    await page.getByLabel('Subject').fill('The engine');
    await page.getByLabel('Message').fill('Shall we talk about the engine?');
    await page.getByRole('button', { name: 'Send email' }).click();
    await page.waitForURL(/\/inbox\/cv_/);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Email sent.');
    await relay.waitFor(1);
    expect(relay.messages[0]?.envelopeTo).toEqual(['ada@engines.example']);
    expect(relay.messages[0]?.parsed.replyTo?.text).toMatch(/^reply\+cv_[0-9a-z]{26}@mail\.test$/);
  });

  it('lists conversations newest activity first, with filters, and never runs a received HTML part', async () => {
    const now = new Date();
    await server.db.transaction((tx) =>
      recordIncomingMessage(tx, {
        workspaceId: server.workspaceId,
        prospectId,
        now,
        announce: true,
        message: {
          messageId: 'reply-1@engines.example',
          inReplyTo: relay.messages[0]?.parsed.messageId?.slice(1, -1) ?? null,
          referencesIds: [],
          fromAddress: 'ada@engines.example',
          toAddress: 'reply@mail.test',
          subject: 'Re: The engine',
          textBody: 'Thanks, Tuesday works.',
          htmlBody: HOSTILE_HTML,
        },
      }),
    );
    await page.goto(inbox());
    const rows = page.locator('.conversation');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toMatch(
      /Analytical Engines[\s\S]*Unread[\s\S]*Thanks, Tuesday works/,
    );
    await shoot('inbox');
    // The conversation's link is named by who it is with; its subject, preview and state are read after it.
    expect(await rows.first().getByRole('link').textContent()).toBe('Analytical Engines · Ada Lovelace');
    // The whole card opens it: a click on the preview goes to the conversation.
    await rows.first().locator('.preview').click({ force: true });
    await page.waitForURL(/\/inbox\/cv_/);
    await page.goto(inbox());
    await page.getByRole('link', { name: 'Unassigned', exact: true }).click();
    await expect(rows.count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Assigned', exact: true }).click();
    await expect(page.locator('.empty').textContent()).resolves.toContain('No conversations here');

    await page.goto(inbox());
    await rows.first().getByRole('link').click();
    await page.waitForURL(/\/inbox\/cv_/);
    const markup = await page.content();
    expect(markup).not.toContain('__xss');
    expect(markup).not.toContain('onerror');
    // The formatted version is a frame of its own (sandboxed, no script), shown on demand.
    await page.getByRole('link', { name: 'Show the formatted version' }).click();
    const frame = page.frameLocator('iframe.mail-frame');
    await expect(frame.locator('b').first().textContent()).resolves.toBe('Tuesday');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await shoot('conversation-formatted');
    // Opening it left it unread (a GET changes nothing); "Mark as read" reads it.
    await page.goto(inbox('?filter=unread'));
    await expect(page.locator('.conversation').count()).resolves.toBe(1);
    await rows.first().getByRole('link').click();
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Marked as read.');
    await page.goto(inbox('?filter=unread'));
    await expect(page.locator('.empty').textContent()).resolves.toContain('No conversations here');
  });

  it('replies from the conversation page, threaded to the last message', async () => {
    await page.goto(inbox());
    await page.locator('.conversation a').first().click();
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.locator('.field-error').textContent()).resolves.toBe('Write the message.');
    await page.getByLabel('Message').fill('Tuesday at ten, then.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Email sent.');
    await relay.waitFor(2);
    const reply = relay.messages[1]?.parsed;
    expect(reply?.subject).toBe('Re: The engine');
    expect(reply?.inReplyTo).toBe('<reply-1@engines.example>');
    await expect(page.locator('.message').count()).resolves.toBe(3);
  });

  it('assigns the conversation with the assignee select, and the inbox filters by that teammate', async () => {
    await page.goto(inbox());
    await page.locator('.conversation a').first().click();
    await page.getByLabel('Assignee').selectOption({ label: 'Ana Teammate (ana@acme.example)' });
    await page.getByRole('button', { name: 'Save assignee' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Assigned to Ana Teammate.');
    await shoot('conversation');
    const [assigned] = await server.db.query<{ body: string }>(
      "select body from events where type = 'conversation.assigned'",
    );
    expect(JSON.parse(assigned?.body ?? '{}').data).toMatchObject({ prospect_id: prospectId });
    await page.goto(inbox('?filter=unassigned'));
    await expect(page.locator('.empty').textContent()).resolves.toContain('No conversations here');
    await page.goto(inbox());
    await page.getByLabel('Assigned to').selectOption({ label: 'Ana Teammate' });
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.locator('.conversation').count()).resolves.toBe(1);
    await expect(page.locator('.conversation .meta').textContent()).resolves.toContain('Ana Teammate');
  });

  it('attaches unmatched mail to a prospect chosen by search, which emits inbox.reply.received', async () => {
    await keepUnmatchedMessage(server.db, {
      workspace_id: server.workspaceId,
      message_id: 'lost-1@elsewhere.example',
      in_reply_to: null,
      references_ids: [],
      envelope_from: 'grace.h@home.example',
      from_address: 'grace.h@home.example',
      to_address: 'inbound@mail.test',
      subject: 'From my home address',
      text_body: 'This is Grace, writing from home.',
      html_body: null,
      raw_size_bytes: 400,
      received_at: new Date(),
    });
    const before = (await replyEvents()).length;
    await page.goto(inbox());
    await page.getByRole('link', { name: /Unmatched mail \(1\)/ }).click();
    await expect(page.locator('.message').textContent()).resolves.toContain('This is Grace');
    await page.getByLabel('Find prospects').fill('compilers');
    await page.getByRole('button', { name: 'Search' }).click();
    // Nothing is preselected: one click must not file the message with the wrong prospect.
    await expect(page.getByLabel('Attach to prospect').locator('option').allTextContents()).resolves.toEqual([
      'Choose a prospect…',
      'Compilers Inc (grace@compilers.example)',
    ]);
    await shoot('unmatched');
    await page
      .getByLabel('Attach to prospect')
      .selectOption({ label: 'Compilers Inc (grace@compilers.example)' });
    await page.getByRole('button', { name: 'Attach' }).click();
    await page.waitForURL(/\/inbox\/cv_/);
    await expect(page.getByRole('heading', { name: 'Compilers Inc' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.message').textContent()).resolves.toContain('This is Grace');
    const events = await replyEvents();
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)?.data.prospect_id).toBe(otherProspectId);
  });
});
