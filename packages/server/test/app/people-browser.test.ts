import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../../src/app/account/totp.js';
import { createWorkspace } from '../../src/store/workspaces.js';
import { addTestMember, MEMBER_PASSWORD } from './role-fixture.js';
import {
  launchBrowser,
  type SettingsServer,
  screenshot,
  signIn,
  startSettingsServer,
} from './settings-harness.js';

// A browser on a busy two-CPU machine can be slow; a stuck page still fails, within the minute.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const ANA_PASSWORD = 'ana chooses a long password';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A Chromium virtual authenticator (CDP WebAuthn domain): a platform passkey with user verification. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe('people in a browser: invite, accept, passkey, two-step sign-in, two roles side by side', () => {
  let server: SettingsServer;
  let origin: string;
  let owner: BrowserContext;
  let ana: BrowserContext;
  let ownerPage: Page;
  let anaPage: Page;
  let otherWorkspace: string;

  beforeAll(async () => {
    server = await startSettingsServer('pglite');
    // WebAuthn needs a domain, never an IP address: the pages are opened on localhost.
    origin = server.origin.replace('127.0.0.1', 'localhost');
    otherWorkspace = (await createWorkspace(server.db, 'Not yours Ltd')).id;
    owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    ana = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    ownerPage = await owner.newPage();
    anaPage = await ana.newPage();
  });
  afterAll(async () => {
    await owner?.close();
    await ana?.close();
    await server?.close();
  });

  it('invite → accept → sign in with a passkey → see only their workspace', async () => {
    await signIn(ownerPage, origin);
    await ownerPage.goto(`${origin}/workspaces/${server.workspaceId}/settings/members`);
    await screenshot(ownerPage, 'members');
    await ownerPage.getByLabel('Name', { exact: true }).fill('Ana Lima');
    await ownerPage.getByLabel('Email address').fill('ana@example.com');
    await ownerPage.getByLabel('Role', { exact: true }).selectOption('member');
    await ownerPage.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = await ownerPage.locator('#share-link').inputValue();
    expect(link).toMatch(/\/invitations\/[\w-]{43}$/);
    await screenshot(ownerPage, 'invitation-link');

    await anaPage.goto(link.replace('127.0.0.1', 'localhost'));
    await screenshot(anaPage, 'accept-invitation');
    await anaPage.getByLabel('Password').fill(ANA_PASSWORD);
    await anaPage.getByRole('button', { name: 'Accept and set password' }).click();
    await anaPage.waitForURL(/\/sign-in\?password-set=1/);
    await signIn(anaPage, origin, ANA_PASSWORD, 'ana@example.com');

    await virtualAuthenticator(anaPage);
    await anaPage.goto(`${origin}/account`);
    await anaPage.getByRole('button', { name: 'Add a passkey' }).click();
    await anaPage.waitForURL(/\/account\?added=passkey#passkeys/);
    await expect(anaPage.locator('.notice').textContent()).resolves.toContain('Passkey added');
    await screenshot(anaPage, 'account');

    await anaPage.getByRole('button', { name: 'Sign out' }).click();
    await anaPage.waitForURL(/\/sign-in/);
    await screenshot(anaPage, 'sign-in-with-passkey');
    let assertion = '';
    anaPage.on('request', (r) => {
      if (r.url().endsWith('/sign-in/passkey')) assertion = r.postData() ?? '';
    });
    await anaPage.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await anaPage.waitForURL(new RegExp(`/workspaces/${server.workspaceId}/prospects`));
    const picker = await anaPage.goto(`${origin}/workspaces`);
    const text = (await picker?.text()) ?? '';
    expect(text).toContain('Acme sales');
    expect(text).not.toContain('Not yours Ltd');
    expect((await anaPage.goto(`${origin}/workspaces/${otherWorkspace}/prospects`))?.status()).toBe(404);

    // The same signed assertion again: its challenge was used up, so it is refused.
    const replayed = await anaPage.evaluate(
      async ({ body }) => {
        const sent = JSON.parse(body) as Record<string, unknown>;
        const r = await fetch('/sign-in/passkey', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(sent),
        });
        return r.status;
      },
      { body: assertion },
    );
    expect([401, 403]).toContain(replayed);
  });

  it('turns on two-step sign-in, shows recovery codes once, then asks for a code after the password', async () => {
    await anaPage.goto(`${origin}/account/two-factor`);
    await screenshot(anaPage, 'two-factor-setup');
    const secret = ((await anaPage.locator('code.secret').textContent()) ?? '').replace(/\s/g, '');
    await anaPage
      .getByLabel('Enter the 6-digit code the app shows')
      .fill(totpCode(secret, 'ana@example.com', server.clock.now()));
    await anaPage.getByRole('button', { name: 'Turn on' }).click();
    await expect(anaPage.locator('.recovery-codes li').count()).resolves.toBe(10);
    await screenshot(anaPage, 'recovery-codes');
    await anaPage.getByRole('link', { name: 'I have saved them' }).click();
    await anaPage.getByRole('button', { name: 'Sign out' }).click();
    await anaPage.getByLabel('Email address').fill('ana@example.com');
    await anaPage.getByLabel('Password', { exact: true }).fill(ANA_PASSWORD);
    await anaPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await anaPage.waitForURL(/\/sign-in\/second-factor/);
    await screenshot(anaPage, 'second-factor');
    server.clock.advance(30_000);
    await anaPage.getByLabel('Code').fill(totpCode(secret, 'ana@example.com', server.clock.now()));
    await anaPage.getByRole('button', { name: 'Continue' }).click();
    await anaPage.waitForURL(new RegExp(`/workspaces/${server.workspaceId}/prospects`));
  });

  it('two browsers, two roles on one workspace: each sees and does exactly what its role allows', async () => {
    await addTestMember(server.db, {
      workspaceId: server.workspaceId,
      email: 'vic@example.com',
      name: 'Vic',
      role: 'viewer',
    });
    const viewer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const vic = await viewer.newPage();
      await signIn(vic, origin, MEMBER_PASSWORD, 'vic@example.com');
      await expect(vic.getByRole('link', { name: 'API tokens' }).count()).resolves.toBe(0);
      const refused = await vic.goto(`${origin}/workspaces/${server.workspaceId}/settings/tokens`);
      expect(refused?.status()).toBe(403);
      await screenshot(vic, 'not-allowed');
      // The owner, in the other browser at the same time, adds a prospect; the viewer sees it, and cannot change it.
      await ownerPage.goto(`${origin}/workspaces/${server.workspaceId}/prospects/new`);
      await ownerPage.getByLabel('Company').fill('Initech');
      await ownerPage
        .getByRole('button', { name: /Add prospect|Save/ })
        .first()
        .click();
      await vic.goto(`${origin}/workspaces/${server.workspaceId}/prospects`);
      await expect(vic.getByText('Initech').count()).resolves.toBeGreaterThan(0);
      const edit = await vic.goto(`${origin}/workspaces/${server.workspaceId}/prospects/new`);
      expect(edit?.status()).toBe(200);
      const posted = await vic.evaluate(async (path) => {
        const csrf = (document.querySelector('input[name="_csrf"]') as HTMLInputElement | null)?.value ?? '';
        const r = await fetch(path, {
          method: 'POST',
          body: new URLSearchParams({ _csrf: csrf, company: 'Sneaky' }),
          redirect: 'manual',
        });
        return r.status;
      }, `/workspaces/${server.workspaceId}/prospects`);
      expect(posted).toBe(403);
      // The owner's audit log shows the invitation with its author.
      await ownerPage.goto(`${origin}/workspaces/${server.workspaceId}/settings/audit`);
      await expect(ownerPage.getByText('member.invited').count()).resolves.toBeGreaterThan(0);
      await screenshot(ownerPage, 'audit-log');
      await ownerPage.goto(`${origin}/password-reset`);
      await screenshot(ownerPage, 'password-reset');
    } finally {
      await viewer.close();
    }
  });
});
