import { openTestDatabase, testDatabaseKinds } from '@prospectkit/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createDeliveryWorker } from '../src/delivery/delivery-worker.js';
import { guardWebhookAddress } from '../src/delivery/guard-webhook-address.js';
import type { HostResolver } from '../src/delivery/host-resolver.js';
import { registerWebhook } from '../src/delivery/register-webhook.js';
import type { WebhookRequest } from '../src/delivery/send-attempt.js';
import { WebhookAddressError } from '../src/delivery/webhook-address.js';
import { createLogger } from '../src/start-server.js';
import { createProspect } from '../src/store/prospects.js';
import { createWorkspace } from '../src/store/workspaces.js';
import { deliveriesOf, manualClock } from './delivery-helpers.js';

/** DNS as the tests see it; nothing here ever asks a real resolver. */
const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'metadata.google.internal': ['169.254.169.254'],
  'internal.attacker.test': ['10.0.0.5'],
  'mixed.attacker.test': ['93.184.216.34', '192.168.0.10'],
  'v6loopback.attacker.test': ['::1'],
  'mapped.attacker.test': ['::ffff:10.0.0.1'],
  'nat64.attacker.test': ['64:ff9b::a9fe:a9fe'],
  'cgnat.attacker.test': ['100.100.100.100'],
  'ula.attacker.test': ['fd12:3456::1'],
  'decimal.attacker.test': ['2130706433'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'nat64-public.example.com': ['64:ff9b::5db8:d822'],
};
const resolver: HostResolver = async (name) => {
  const answer = DNS[name];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return answer;
};

/** Addresses no webhook may reach: literal IPs in every notation the URL parser accepts, and names. */
const HOSTILE = [
  'https://127.0.0.1/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0177.0.0.1/',
  'https://127.1/',
  'https://0x7f.1/',
  'https://127.000.000.001/',
  'https://%31%32%37.0.0.1/',
  'https://１２７.０.０.１/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[0:0:0:0:0:ffff:7f00:1]/',
  'https://[::127.0.0.1]/',
  'https://[64:ff9b::127.0.0.1]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/',
  'https://[fd00:ec2::254]/',
  'https://100.64.0.1/',
  'https://[fc00::1]/',
  'https://[fe80::1]/',
  'https://224.0.0.1/',
  'https://[ff02::1]/',
  'https://0.0.0.0/',
  'https://0/',
  'https://[::]/',
  'https://255.255.255.255/',
  'https://198.18.0.1/',
  'https://192.0.2.1/',
  'https://240.0.0.1/',
  'https://[2001:db8::1]/',
  'https://[2002:7f00:1::]/',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  'https://[100::1]/',
  'https://localhost/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://internal.attacker.test/',
  'https://mixed.attacker.test/',
  'https://v6loopback.attacker.test/',
  'https://mapped.attacker.test/',
  'https://nat64.attacker.test/',
  'https://cgnat.attacker.test/',
  'https://ula.attacker.test/',
  'https://decimal.attacker.test/',
  'https://127.0.0.1.nip.io/',
];

/** The hostile addresses that are this machine's loopback, which the development switch lets through. */
const LOOPBACK = [
  'https://127.0.0.1/',
  'https://2130706433/',
  'https://0x7f000001/',
  'https://0177.0.0.1/',
  'https://127.1/',
  'https://0x7f.1/',
  'https://127.000.000.001/',
  'https://%31%32%37.0.0.1/',
  'https://１２７.０.０.１/',
  'https://[::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[0:0:0:0:0:ffff:7f00:1]/',
  'https://localhost/',
  'https://v6loopback.attacker.test/',
  'https://decimal.attacker.test/',
  'https://127.0.0.1.nip.io/',
];

const PUBLIC = [
  'https://hooks.example.com/prospectkit',
  'https://nat64-public.example.com/',
  'https://8.8.8.8/',
  'https://[2606:4700::1111]/',
];

/** A request function that must never run: the guard refuses before any connection. */
function forbiddenRequest(calls: string[]): WebhookRequest {
  return (async (url: string) => {
    calls.push(String(url));
    throw new Error('the SSRF guard let a request through');
  }) as unknown as WebhookRequest;
}

describe('the SSRF guard', () => {
  it('covers at least 30 hostile addresses', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)('refuses %s', async (address) => {
    const refusal = guardWebhookAddress(address, { resolver });
    await expect(refusal).rejects.toBeInstanceOf(WebhookAddressError);
    await expect(refusal).rejects.toMatchObject({ code: 'not_public' });
  });

  it.each(PUBLIC)('allows %s', async (address) => {
    const checked = await guardWebhookAddress(address, { resolver });
    expect(checked.addresses.length).toBeGreaterThan(0);
  });

  it('refuses a name that does not resolve, saying so', async () => {
    await expect(guardWebhookAddress('https://nowhere.invalid/', { resolver })).rejects.toMatchObject({
      code: 'unresolvable',
      message: expect.stringContaining('ENOTFOUND'),
    });
  });

  it('under PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1 allows loopback receivers (and http on them), and nothing else', async () => {
    const insecure = { resolver, allowInsecure: true };
    await expect(guardWebhookAddress('https://127.0.0.1:8443/in', insecure)).resolves.toBeDefined();
    await expect(guardWebhookAddress('http://localhost:8080/in', insecure)).resolves.toBeDefined();
    await expect(guardWebhookAddress('https://[::1]:8443/in', insecure)).resolves.toBeDefined();
    for (const address of HOSTILE) {
      const verdict = await guardWebhookAddress(address, insecure).then(
        () => 'allowed',
        (error: WebhookAddressError) => error.code,
      );
      expect([address, verdict]).toEqual([address, LOOPBACK.includes(address) ? 'allowed' : 'not_public']);
    }
    await expect(guardWebhookAddress('http://10.0.0.1/', insecure)).rejects.toMatchObject({
      code: 'not_https',
    });
    await expect(guardWebhookAddress('https://10.0.0.1:8443/', insecure)).rejects.toMatchObject({
      code: 'not_port_443',
    });
    // Without the switch, loopback and http are refused.
    await expect(guardWebhookAddress('http://127.0.0.1:8080/', { resolver })).rejects.toMatchObject({
      code: 'not_https',
    });
    await expect(guardWebhookAddress('https://127.0.0.1/', { resolver })).rejects.toMatchObject({
      code: 'not_public',
    });
  });
});

describe.each(testDatabaseKinds())(
  'the SSRF guard at registration and before every attempt on %s',
  (kind) => {
    let db: Database;
    let workspaceId: string;
    beforeAll(async () => {
      db = await openTestDatabase(kind);
      workspaceId = (await createWorkspace(db, 'SSRF')).id;
    });
    afterAll(() => db.close());

    it('refuses every hostile address at registration and stores nothing', async () => {
      for (const url of HOSTILE) {
        const registration = registerWebhook(
          db,
          { workspaceId, url, events: ['prospect.created'] },
          { resolver },
        );
        await expect(registration, url).rejects.toMatchObject({
          name: 'WebhookAddressError',
          code: 'not_public',
        });
      }
      const [row] = await db.query<{ n: number }>(
        'select count(*)::int as n from webhooks where workspace_id = $1',
        [workspaceId],
      );
      expect(row?.n).toBe(0);
    });

    it('registers a name that does not resolve yet, and refuses it at send once it resolves to a private address', async () => {
      const { id: otherWorkspace } = await createWorkspace(db, 'Unresolved');
      let lookups = 0;
      const later: HostResolver = async (name) => {
        lookups++;
        if (lookups === 1)
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
        return ['10.0.0.9'];
      };
      const registered = await registerWebhook(
        db,
        {
          workspaceId: otherWorkspace,
          url: 'https://not-yet.attacker.test/hook',
          events: ['prospect.created'],
        },
        { resolver: later },
      );
      expect(registered.resolved).toBe(false);
      const clock = manualClock();
      await db.transaction((tx) => createProspect(tx, otherWorkspace, { company: 'Later Co' }, clock.now()));
      const calls: string[] = [];
      const worker = createDeliveryWorker({
        db,
        logger: createLogger('silent'),
        clock,
        resolver: later,
        request: forbiddenRequest(calls),
      });
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();
      expect(calls).toEqual([]);
      expect((await deliveriesOf(db, registered.record.id))[0]).toMatchObject({
        status: 'failed',
        last_error: expect.stringContaining('resolves to 10.0.0.9'),
      });
    });

    it('refuses every hostile address again at send, including a name that turned private after registration, and never connects', async () => {
      let rebindLookups = 0;
      const rebinding: HostResolver = async (name) => {
        if (name !== 'rebind.attacker.test') return resolver(name);
        rebindLookups++;
        return rebindLookups === 1 ? ['93.184.216.34'] : ['10.0.0.1'];
      };
      const { record: rebound } = await registerWebhook(
        db,
        { workspaceId, url: 'https://rebind.attacker.test/hook', events: ['prospect.created'] },
        { resolver: rebinding },
      );
      expect(rebindLookups).toBe(1);
      // Rows written behind registration's back (an older rule, an edited database): the worker checks again.
      const stored = [...HOSTILE, 'https://hooks.example.com/?query=1'];
      for (const [i, url] of stored.entries()) {
        await db.query(
          `insert into webhooks (id, workspace_id, url, events, secret) values ($1, $2, $3, '{prospect.created}', 'whk_test')`,
          [`wh_ssrf${String(i).padStart(3, '0')}`, workspaceId, url],
        );
      }
      const clock = manualClock();
      await db.transaction((tx) => createProspect(tx, workspaceId, { company: 'Target Co' }, clock.now()));
      const calls: string[] = [];
      const worker = createDeliveryWorker({
        db,
        logger: createLogger('silent'),
        clock,
        resolver: rebinding,
        request: forbiddenRequest(calls),
        concurrency: 100,
      });
      expect(await worker.runOnce()).toBe(stored.length + 1);
      clock.advance(86_400_000);
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
      expect(calls).toEqual([]);
      expect(rebindLookups).toBe(2);
      const deliveries = await db.query<{
        url: string;
        status: string;
        attempts: number;
        last_error: string;
      }>(
        `select w.url, d.status, d.attempts, d.last_error from deliveries d join webhooks w on w.id = d.webhook_id
       where d.workspace_id = $1`,
        [workspaceId],
      );
      expect(deliveries).toHaveLength(stored.length + 1);
      for (const delivery of deliveries) {
        expect(delivery, delivery.url).toMatchObject({ status: 'failed', attempts: 1 });
        expect(delivery.last_error, delivery.url).toMatch(/^refused: The webhook address /);
      }
      expect((await deliveriesOf(db, rebound.id))[0]?.last_error).toContain('resolves to 10.0.0.1');
    });
  },
);
