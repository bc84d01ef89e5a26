// Every page of the app, found by walking the app router (a page added anywhere is in it), opened in a browser at
// 1280 and 390 px with realistic data: axe-core finds no violation, nothing is wider than the window, no link
// name leads two ways, and every keyboard focus ring measures at least 3:1 against what is around it (WCAG 2.2,
// 1.4.11 and 2.4.13). Screenshots of each page go to test-results/app/a11y-*.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { EVENT_TYPES } from '@prospectkit/core';
import { prospectRows } from '@prospectkit/fake-data';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appRouter } from '../../src/app/index.js';
import { runImportNow, startImport, storeImportUpload } from '../../src/import/index.js';
import { createLimiter } from '../../src/rate-limit/create-limiter.js';
import { createLogger } from '../../src/start-server.js';
import { createBulkJob } from '../../src/store/bulk-jobs.js';
import { listDeliveries } from '../../src/store/deliveries.js';
import { recordIncomingMessage } from '../../src/store/messages.js';
import { createProspect } from '../../src/store/prospects.js';
import { keepUnmatchedMessage } from '../../src/store/unmatched-messages.js';
import { createWebhook } from '../../src/store/webhooks.js';
import { testDatabaseKinds } from '../../src/testing/index.js';
import { type AppRoute, appRoutes } from './app-routes.js';
import { addTestMember } from './role-fixture.js';
import {
  ambiguousLinks,
  launchBrowser,
  SCREENSHOT_DIR,
  type SettingsServer,
  signIn,
  startReceiver,
  startSettingsServer,
} from './settings-harness.js';

vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** Pages that are not HTML pages of the app (JSON, CSV, the formatted mail's sandboxed document). */
const NOT_PAGES = /\/(progress|report\.csv|formatted)$/;

/** Sizes every page is checked at: the audit's desktop and phone. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Finding {
  page: string;
  width: number;
  problem: string;
}

/** WCAG's contrast ratio of two `rgb(...)`/`rgba(...)` colours (alpha ignored: the backgrounds here are opaque). */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe.each(testDatabaseKinds().filter((k) => k === 'pglite'))(
  'every page of the app, in a browser (%s)',
  (kind) => {
    let browser: Browser;
    let server: SettingsServer;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let context: BrowserContext;
    let page: Page;
    let routes: AppRoute[];
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      browser = await launchBrowser();
      server = await startSettingsServer(kind);
      receiver = await startReceiver();
      const ws = server.workspaceId;
      ids.workspaceId = ws;
      const now = server.clock.now();
      // Realistic data: members, 60 prospects from the fake-data generator, one with outcomes, a failing webhook.
      ids.memberId = (
        await addTestMember(server.db, {
          workspaceId: ws,
          email: 'ana@example.com',
          name: 'Ana Lima',
          role: 'member',
        })
      ).memberId;
      receiver.statuses.push(...Array(20).fill(500));
      ids.webhookId = (
        await createWebhook(server.db, { workspaceId: ws, url: receiver.url, events: EVENT_TYPES })
      ).record.id;
      const created = await server.db.transaction(async (tx) => {
        const list = [];
        for (const row of prospectRows({ seed: 41, count: 60 }))
          list.push(
            await createProspect(
              tx,
              ws,
              { ...row, owner_id: list.length % 3 === 0 ? ids.memberId : null },
              now,
            ),
          );
        return list;
      });
      ids.prospectId = (created[0] as { id: string }).id;
      const token = await server.token();
      ids.tokenId = (
        (await server.db.query<{ id: string }>('select id from api_tokens limit 1'))[0] as { id: string }
      ).id;
      await fetch(`${server.baseUrl}/prospects/${ids.prospectId}/outcomes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          outcome: 'Meeting booked',
          meeting_at: '2031-02-03T10:00:00Z',
          value_minor: 250000,
          currency: 'EUR',
        }),
      });
      // A finished import with rejected rows.
      const csv =
        'Company,Email,Website\nGood Co,good@good.example,https://good.example\n,nobody@x.example,\nBad Site,bad@bad.example,not a url\n';
      const job = await storeImportUpload(server.db, {
        workspaceId: ws,
        fileName: 'leads.csv',
        source: Readable.from([Buffer.from(csv)]),
        maxBytes: 1_000_000,
      });
      await startImport(server.db, {
        workspaceId: ws,
        jobId: job.id,
        mapping: ['company', 'contact_email', 'website'],
        duplicates: 'skip',
      });
      await runImportNow(server.db, { workspaceId: ws, jobId: job.id });
      ids.jobId = job.id;
      // A finished bulk change (tag every prospect with q4).
      const bulk = await server.db.transaction((tx) =>
        createBulkJob(tx, {
          workspaceId: ws,
          action: 'add_tag',
          value: 'q4',
          query: '',
          scope: { filters: { tags: [] }, ids: null, cutoff: now },
          createdBy: null,
        }),
      );
      await server.bulkRunner.runOnce(bulk.id);
      ids.bulkJobId = bulk.id;
      // An upload waiting for its mapping (the import's second step).
      ids.mappingJobId = (
        await storeImportUpload(server.db, {
          workspaceId: ws,
          fileName: 'apollo-export.csv',
          source: Readable.from([
            Buffer.from(
              'First Name,Last Name,Company,Email,Title\nAda,Lovelace,Engines Ltd,ada@engines.example,CTO\n',
            ),
          ]),
          maxBytes: 1_000_000,
        })
      ).id;
      // A conversation with an HTML reply, and mail that matched no prospect.
      const reply = await server.db.transaction((tx) =>
        recordIncomingMessage(tx, {
          workspaceId: ws,
          prospectId: ids.prospectId as string,
          announce: true,
          now,
          message: {
            messageId: 'a11y-1@prospect.example',
            inReplyTo: null,
            referencesIds: [],
            fromAddress: 'buyer@prospect.example',
            toAddress: `${ws}@localhost`,
            subject: 'Re: our call',
            textBody: 'Tuesday works for me. Could you send the agenda?',
            htmlBody: '<p>Tuesday works for me. Could you send the <b>agenda</b>?</p>',
          },
        }),
      );
      ids.conversationId = reply.conversationId;
      ids.messageId = reply.id as string;
      await server.db.transaction((tx) =>
        keepUnmatchedMessage(tx, {
          workspace_id: ws,
          message_id: 'a11y-2@stranger.example',
          in_reply_to: null,
          references_ids: [],
          envelope_from: 'stranger@stranger.example',
          from_address: 'stranger@stranger.example',
          to_address: `${ws}@localhost`,
          subject: 'Hello there',
          text_body: 'Who handles partnerships?',
          html_body: null,
          raw_size_bytes: 120,
          received_at: now,
        }),
      );
      // Deliveries that failed (the receiver answers 500): the webhook's pages show them.
      await reloadUntilDeliveries(server, ids.webhookId as string);
      ids.deliveryId = (await listDeliveries(server.db, { webhookId: ids.webhookId as string }))[0]
        ?.id as string;

      const limiter = createLimiter(server.db, 1_000_000);
      routes = appRoutes(
        appRouter({
          db: server.db,
          logger: createLogger('silent'),
          signInLimiter: limiter.signInLimiter,
          accountSignInLimiter: limiter.accountSignInLimiter,
          pageLimiter: limiter.pageLimiter,
          secureCookies: false,
        } as never),
      );
      await limiter.close();
      // axe runs as a page script: the pages' own Content-Security-Policy would refuse it.
      context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
      page = await context.newPage();
      await signIn(page, server.origin);
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await receiver?.close();
      await server?.close();
    });

    /** A route's address with the seeded ids; a parameter with no id fails the test, naming it. */
    const concrete = (path: string) =>
      path.replace(/:(\w+)/g, (_m, name: string) => {
        if (name === 'token') return 'not-a-real-link';
        const id = ids[name];
        if (id === undefined)
          throw new Error(`No seeded id for :${name} (${path}): add one in this test's beforeAll.`);
        return encodeURIComponent(id);
      });

    /** What axe, the window's width and the links say of the page shown now; its screenshot is saved as `name`. */
    async function audit(target: Page, name: string, size: (typeof WIDTHS)[number]): Promise<Finding[]> {
      const found: Finding[] = [];
      const note = (problem: string) => found.push({ page: name, width: size.width, problem });
      await target.evaluate(axeSource);
      const violations = await target.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(o: unknown): Promise<{
                violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
              }>;
            };
          }
        ).axe;
        const result = await axe.run({ resultTypes: ['violations'] });
        return result.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      });
      for (const problem of violations) note(problem);
      const overflow = await target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) note(`${overflow} px wider than the window`);
      for (const link of await ambiguousLinks(target))
        note(`link "${link.name}" leads to ${link.hrefs.join(' and ')}`);
      const file =
        name
          .replace(/^\/workspaces\/:workspaceId/, '')
          .replace(/[/:?=()\s]+/g, '-')
          .replace(/^-|-$/g, '') || 'home';
      await target.screenshot({ path: `${SCREENSHOT_DIR}a11y-${file}-${size.name}.png`, fullPage: true });
      return found;
    }

    /**
     * Page states that are not a plain GET of a route: forms refused with their errors, the import's mapping
     * step, a message's formatted version, and the pages a signed-out visitor sees.
     */
    const STATES: Array<[string, (target: Page) => Promise<void>]> = [
      [
        'token form refused',
        async (target) => {
          await target.goto(`${server.origin}${concrete('/workspaces/:workspaceId/settings/tokens/new')}`);
          await target.getByRole('button', { name: 'Create token' }).click();
          await target.getByRole('alert').waitFor();
        },
      ],
      [
        'webhook form refused',
        async (target) => {
          await target.goto(`${server.origin}${concrete('/workspaces/:workspaceId/settings/webhooks/new')}`);
          await target.getByLabel('Address').fill('http://example.com/?a=1');
          await target.getByRole('button', { name: 'Add webhook' }).click();
          await target.getByRole('alert').waitFor();
        },
      ],
      [
        'prospect form refused',
        async (target) => {
          await target.goto(`${server.origin}${concrete('/workspaces/:workspaceId/prospects/new')}`);
          await target.getByLabel('Contact email').fill('not an address');
          await target.getByRole('button', { name: 'Add prospect' }).last().click();
          await target.getByRole('alert').waitFor();
        },
      ],
      [
        'prospect email already here',
        async (target) => {
          const [taken] = await server.db.query<{ contact_email: string }>(
            'select contact_email from prospects where contact_email is not null limit 1',
          );
          await target.goto(`${server.origin}${concrete('/workspaces/:workspaceId/prospects/new')}`);
          await target.getByLabel('Company', { exact: true }).fill('Second Ltd');
          await target.getByLabel('Domain', { exact: true }).fill('https://www.second.example/');
          await target.getByLabel('Contact email').fill(taken?.contact_email ?? '');
          await target.getByRole('button', { name: 'Add prospect' }).last().click();
          await target.locator('#duplicate-warning').waitFor();
        },
      ],
      [
        'import mapping',
        async (target) => {
          await target.goto(`${server.origin}${concrete('/workspaces/:workspaceId/imports/:mappingJobId')}`);
        },
      ],
      [
        'import mapping refused',
        async (target) => {
          // Every problem at once, a new field's inputs open, the columns left out not confirmed.
          await target.goto(`${server.origin}${concrete('/workspaces/:workspaceId/imports/:mappingJobId')}`);
          await target.getByLabel('First Name', { exact: true }).selectOption('company');
          await target.getByLabel('Title', { exact: true }).selectOption('new');
          await target.getByLabel('Last Name', { exact: true }).selectOption('');
          await target.getByRole('button', { name: 'Refresh preview' }).click();
          await target.getByRole('alert').waitFor();
        },
      ],
      [
        'formatted message',
        async (target) => {
          await target.goto(
            `${server.origin}${concrete('/workspaces/:workspaceId/inbox/:conversationId')}?formatted=${ids.messageId}`,
          );
        },
      ],
    ];

    it('axe finds no violation on any page at 1280 and 390 px, nothing overflows, and no link name leads two ways', async () => {
      const pages = [
        ...new Set(routes.filter((r) => r.method === 'GET' && !NOT_PAGES.test(r.path)).map((r) => r.path)),
      ];
      expect(pages.length).toBeGreaterThan(30);
      const findings: Finding[] = [];
      let audited = 0;
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        for (const route of pages) {
          const answer = await page.goto(`${server.origin}${concrete(route)}`);
          if (!answer?.headers()['content-type']?.startsWith('text/html')) continue;
          findings.push(...(await audit(page, route, size)));
          audited++;
        }
        for (const [name, show] of STATES) {
          await show(page);
          findings.push(...(await audit(page, name, size)));
          audited++;
        }
        // Signed out: the sign-in and password reset pages, and a sign-in refused.
        const visitor = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          bypassCSP: true,
        });
        const stranger = await visitor.newPage();
        for (const path of ['/sign-in', '/password-reset']) {
          await stranger.goto(`${server.origin}${path}`);
          findings.push(...(await audit(stranger, `${path} (signed out)`, size)));
          audited++;
        }
        await stranger.goto(`${server.origin}/sign-in`);
        await stranger.getByLabel('Email address').fill('owner@example.com');
        await stranger.getByLabel('Password', { exact: true }).fill('not the password');
        await stranger.getByRole('button', { name: 'Sign in', exact: true }).click();
        await stranger.getByRole('alert').waitFor();
        findings.push(...(await audit(stranger, 'sign-in refused', size)));
        audited++;
        await visitor.close();
      }
      console.log(
        `accessibility walk: ${audited} page states (${pages.length} pages and ${STATES.length + 3} states, at ${WIDTHS.length} widths), ${findings.length} findings`,
      );
      expect(findings).toEqual([]);
    });

    it('every focus ring measures at least 3:1 against the background around it, on every page', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const pages = [
        ...new Set(routes.filter((r) => r.method === 'GET' && !NOT_PAGES.test(r.path)).map((r) => r.path)),
      ];
      const low: string[] = [];
      let stops = 0;
      let lowest = Number.POSITIVE_INFINITY;
      for (const route of pages) {
        const answer = await page.goto(`${server.origin}${concrete(route)}`);
        if (!answer?.headers()['content-type']?.startsWith('text/html')) continue;
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const seen = new Set<string>();
        for (let i = 0; i < 150; i++) {
          await page.keyboard.press('Tab');
          const ring = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            const style = getComputedStyle(el);
            // The ring lies 2 px outside the element: measure it against what is under its left edge (the element
            // may be positioned over another background, as the skip link is over the header).
            const box = el.getBoundingClientRect();
            const offset = Number.parseFloat(style.outlineOffset) || 0;
            const x = Math.max(0, box.left - offset - Number.parseFloat(style.outlineWidth) / 2);
            const y = Math.min(window.innerHeight - 1, Math.max(0, box.top + box.height / 2));
            const under = document.elementsFromPoint(x, y).find((e) => e !== el && !el.contains(e));
            let around: Element | null = under ?? el.parentElement;
            let background = 'rgb(255, 255, 255)';
            while (around) {
              const color = getComputedStyle(around).backgroundColor;
              if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') {
                background = color;
                break;
              }
              around = around.parentElement;
            }
            const path = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('href') ? `[href="${el.getAttribute('href')}"]` : ''}`;
            return {
              path,
              style: style.outlineStyle,
              width: Number.parseFloat(style.outlineWidth),
              color: style.outlineColor,
              background,
            };
          });
          if (!ring || seen.has(ring.path)) break;
          seen.add(ring.path);
          stops++;
          const ratio = ring.style === 'none' || ring.width < 2 ? 0 : contrast(ring.color, ring.background);
          lowest = Math.min(lowest, ratio);
          if (ratio < 3)
            low.push(`${route}: ${ring.path} ${ring.color} on ${ring.background} = ${ratio.toFixed(2)}:1`);
        }
      }
      console.log(
        `focus rings: ${stops} tab stops on ${pages.length} pages, lowest contrast ${lowest.toFixed(2)}:1`,
      );
      expect(stops).toBeGreaterThan(300);
      expect(low).toEqual([]);
    });
  },
);

/** Waits until the delivery worker has tried the webhook's first deliveries (they fail: the receiver answers 500). */
async function reloadUntilDeliveries(server: SettingsServer, webhookId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from deliveries where webhook_id = $1 and attempts > 0',
      [webhookId],
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('No delivery was attempted within 30 s.');
}
