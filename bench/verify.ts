/**
 * `npm run bench:verify`: webhook verifications per second for 1 KB and 64 KB bodies, ours against stripe-node,
 * standardwebhooks (its own scheme, same body sizes) and the floor (bare node:crypto), interleaved in one run.
 *
 * Method: every verifier gets the same Buffer body (what express.raw() gives) and valid headers. Each round runs
 * every (size, verifier) pair for SLICE_MS of CPU time, in a rotated order; the first round is a warm-up and is
 * dropped; the table shows the median of the other rounds and its ratio to the floor of the same size. The
 * targets also print the median of per-round ratios (each verifier against the floor of the same round), which
 * cancels the machine's drift between rounds. Async verifiers are awaited one call at a time; the floor is
 * synchronous and never awaited (a second row puts the same code in an async function, to show what being async
 * costs). Each verifier has its own compiled copy of the
 * timing loop. Ours uses its default provider (node:crypto, with a KeyObject cached per secret); the floor passes
 * the secret string to createHmac, as a hand-written verifier would. The Web Crypto row is what edge receivers
 * (workerd, Deno, Bun) run, measured in Node's crypto.subtle.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cpus } from 'node:os';
import {
  createWebCryptoProvider,
  signWebhook,
  verifyWebhook,
  verifyWebhookSignature,
} from '@prospectkit/webhooks';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { median } from './stats.js';

const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';
const SIZES = [1024, 64 * 1024];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 150);

/** A prospect.created envelope padded to exactly `bytes` bytes of JSON. */
function bodyOf(bytes: number): Buffer {
  const envelope = {
    id: 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
    event: 'prospect.created',
    workspace_id: 'ws_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
    occurred_at: '2026-11-22T09:30:00.000Z',
    data: {
      prospect_id: 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
      company: 'Acme Inc.',
      contact_email: 'jane@acme.example',
      note: '',
    },
  };
  envelope.data.note = 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify(envelope)));
  const body = Buffer.from(JSON.stringify(envelope));
  if (body.length !== bytes) throw new Error(`body is ${body.length} bytes, not ${bytes}`);
  return body;
}

type Verify = () => unknown;
interface Contender {
  name: string;
  parses: boolean;
  make: (body: Buffer) => Promise<Verify>;
}

const stripe = new Stripe('sk_test_bench');
const stripeSecret = 'whsec_bench_secret';
const standard = new Webhook(Buffer.from('standard-webhooks-bench-secret-32b').toString('base64'));
const webCrypto = createWebCryptoProvider();

const contenders: Contender[] = [
  {
    name: 'floor: createHmac + timingSafeEqual',
    parses: false,
    make: async (body) => {
      const headers = await signWebhook({ secret: SECRET, body });
      const timestamp = headers['Service-Timestamp'];
      const signature = headers['Service-Signature'];
      return () => {
        const expected = createHmac('sha256', SECRET).update(`${timestamp}.`).update(body).digest();
        if (!timingSafeEqual(expected, Buffer.from(signature.slice(3), 'hex')))
          throw new Error('floor: no match');
      };
    },
  },
  {
    name: 'floor, async: the same in an async function',
    parses: false,
    make: async (body) => {
      const headers = await signWebhook({ secret: SECRET, body });
      const timestamp = headers['Service-Timestamp'];
      const signature = headers['Service-Signature'];
      return async () => {
        const expected = createHmac('sha256', SECRET).update(`${timestamp}.`).update(body).digest();
        if (!timingSafeEqual(expected, Buffer.from(signature.slice(3), 'hex')))
          throw new Error('floor: no match');
      };
    },
  },
  {
    name: 'ours: verifyWebhookSignature',
    parses: false,
    make: async (body) => {
      const headers = {
        'service-event-id': 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
        ...(await signWebhook({ secret: SECRET, body })),
      };
      return () => verifyWebhookSignature({ body, headers, secret: SECRET });
    },
  },
  {
    name: 'ours: verifyWebhook',
    parses: true,
    make: async (body) => {
      const headers = {
        'service-event-id': 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
        ...(await signWebhook({ secret: SECRET, body })),
      };
      return () => verifyWebhook({ body, headers, secret: SECRET });
    },
  },
  {
    name: 'ours: verifyWebhook, Web Crypto provider',
    parses: true,
    make: async (body) => {
      const headers = {
        'service-event-id': 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
        ...(await signWebhook({ secret: SECRET, body })),
      };
      return () => verifyWebhook({ body, headers, secret: SECRET, cryptoProvider: webCrypto });
    },
  },
  {
    // What no Web Crypto provider can beat in Node: one crypto.subtle.sign with a key imported once, and no checks.
    name: 'Web Crypto ceiling: bare crypto.subtle.sign',
    parses: false,
    make: async (body) => {
      const key = await crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(SECRET),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const message = new Uint8Array(Buffer.concat([Buffer.from('1732240000.'), body]));
      return () => crypto.subtle.sign('HMAC', key, message);
    },
  },
  {
    name: 'stripe-node: signature.verifyHeaderAsync',
    parses: false,
    make: async (body) => {
      const header = stripe.webhooks.generateTestHeaderString({
        payload: body.toString(),
        secret: stripeSecret,
      });
      return () =>
        stripe.webhooks.signature.verifyHeaderAsync(body as unknown as string, header, stripeSecret, 300);
    },
  },
  {
    name: 'stripe-node: webhooks.constructEventAsync',
    parses: true,
    make: async (body) => {
      const header = stripe.webhooks.generateTestHeaderString({
        payload: body.toString(),
        secret: stripeSecret,
      });
      return () => stripe.webhooks.constructEventAsync(body, header, stripeSecret, 300);
    },
  },
  {
    name: 'standardwebhooks: verify, jsonParse false',
    parses: false,
    make: async (body) => {
      const headers = standardHeaders(body);
      return () => standard.verify(body, headers, { jsonParse: false });
    },
  },
  {
    name: 'standardwebhooks: verify',
    parses: true,
    make: async (body) => {
      const headers = standardHeaders(body);
      return () => standard.verify(body, headers);
    },
  },
];

function standardHeaders(body: Buffer): Record<string, string> {
  const now = new Date();
  return {
    'webhook-id': 'msg_bench',
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': standard.sign('msg_bench', now, body),
  };
}

type Loop = (verify: Verify, batch: number) => Promise<number> | number;

/**
 * A fresh copy of the timing loop for each verifier, compiled separately (new Function), so that its call site
 * sees one verifier only: a shared loop would turn megamorphic and tax whichever verifier V8 stops inlining.
 */
function compileLoop(isAsync: boolean): Loop {
  const body = isAsync
    ? 'return (async () => { for (let i = 0; i < batch; i++) await verify(); return batch; })();'
    : 'for (let i = 0; i < batch; i++) verify(); return batch;';
  return new Function('verify', 'batch', body) as Loop;
}

/**
 * Verifications per CPU second (user + system time of this process) over about SLICE_MS of CPU time. CPU time,
 * not wall time, because benchmark machines are often shared; Web Crypto's thread-pool work is counted too.
 */
async function measure(verify: Verify, loop: Loop, size: number): Promise<number> {
  const batch = size > 4096 ? 4 : 64;
  let calls = 0;
  const start = process.cpuUsage();
  let cpuMs = 0;
  do {
    calls += await loop(verify, batch);
    const used = process.cpuUsage(start);
    cpuMs = (used.user + used.system) / 1000;
  } while (cpuMs < SLICE_MS);
  return (calls / cpuMs) * 1000;
}

const verifiers = new Map<string, { verify: Verify; loop: Loop }>();
for (const size of SIZES) {
  const body = bodyOf(size);
  for (const contender of contenders) {
    const verify = await contender.make(body);
    const isAsync = verify() instanceof Promise;
    await verify(); // each one must pass before it is timed
    verifiers.set(`${size}|${contender.name}`, { verify, loop: compileLoop(isAsync) });
  }
}

const samples = new Map<string, number[]>();
/** Per round and size, each verifier's rate over the floor's in the same round (paired, so drift cancels). */
const pairedRatios = new Map<string, number[]>();
for (let round = 0; round < ROUNDS + 1; round++) {
  for (const size of SIZES) {
    // Rotate the order every round so no verifier always runs first or after the same neighbour.
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length] as Contender);
    for (const contender of order) {
      const key = `${size}|${contender.name}`;
      const { verify, loop } = verifiers.get(key) as { verify: Verify; loop: Loop };
      const perSecond = await measure(verify, loop, size);
      if (round > 0) samples.set(key, [...(samples.get(key) ?? []), perSecond]);
    }
    if (round > 0) {
      const floorNow = samples.get(`${size}|${contenders[0]?.name}`)?.at(-1) as number;
      for (const contender of contenders) {
        const key = `${size}|${contender.name}`;
        const now = samples.get(key)?.at(-1) as number;
        pairedRatios.set(key, [...(pairedRatios.get(key) ?? []), now / floorNow]);
      }
    }
  }
}

const rows: string[][] = [['body', 'verifier', 'parses JSON', 'verifications per CPU s', 'ratio to floor']];
const results = new Map<string, number>();
for (const size of SIZES) {
  const floor = median(samples.get(`${size}|${contenders[0]?.name}`) as number[]);
  for (const contender of contenders) {
    const perSecond = median(samples.get(`${size}|${contender.name}`) as number[]);
    results.set(`${size}|${contender.name}`, perSecond);
    rows.push([
      `${size / 1024} KB`,
      contender.name,
      contender.parses ? 'yes' : 'no',
      Math.round(perSecond).toLocaleString('en-US'),
      (perSecond / floor).toFixed(3),
    ]);
  }
}

const widths = rows[0]?.map((_, column) =>
  Math.max(...rows.map((row) => (row[column] as string).length)),
) as number[];
const line = (row: string[]) =>
  `| ${row.map((cell, column) => (column >= 3 ? cell.padStart(widths[column] as number) : cell.padEnd(widths[column] as number))).join(' | ')} |`;
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} x${cpus().length}; ${ROUNDS} rounds of ${SLICE_MS} ms per pair, median shown`,
);
console.log(line(rows[0] as string[]));
console.log(
  `|${widths.map((width, column) => (column >= 3 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
);
for (const row of rows.slice(1)) console.log(line(row));

const get = (size: number, name: string) => results.get(`${size}|${name}`) as number;
const floorName = contenders[0]?.name as string;
console.log('\nTargets:');
for (const [size, target] of [
  [1024, 0.8],
  [64 * 1024, 0.95],
] as const) {
  const ratio = get(size, 'ours: verifyWebhookSignature') / get(size, floorName);
  const paired = median(pairedRatios.get(`${size}|ours: verifyWebhookSignature`) as number[]);
  const full = get(size, 'ours: verifyWebhook') / get(size, floorName);
  const asyncFloor =
    get(size, 'ours: verifyWebhookSignature') / get(size, 'floor, async: the same in an async function');
  console.log(
    `  ${size / 1024} KB: verifyWebhookSignature ${ratio.toFixed(3)} of the floor (ratio of medians; median of the per-round paired ratios ${paired.toFixed(3)}) (target ${target}): ${ratio >= target ? 'met' : 'NOT met'}; ${asyncFloor.toFixed(3)} of the async floor; verifyWebhook (with JSON.parse) ${full.toFixed(3)}`,
  );
  const web = get(size, 'ours: verifyWebhook, Web Crypto provider') / get(size, floorName);
  const webPaired = median(pairedRatios.get(`${size}|ours: verifyWebhook, Web Crypto provider`) as number[]);
  const webTarget = size === 1024 ? 0.5 : undefined;
  const webCeiling = get(size, 'Web Crypto ceiling: bare crypto.subtle.sign') / get(size, floorName);
  console.log(
    `  ${size / 1024} KB: verifyWebhook with the Web Crypto provider (crypto.subtle) ${web.toFixed(3)} of the floor (paired ${webPaired.toFixed(3)})` +
      (webTarget === undefined ? '' : ` (target ${webTarget}): ${web >= webTarget ? 'met' : 'NOT met'}`) +
      `; a bare crypto.subtle.sign is ${webCeiling.toFixed(3)} of the floor, so ${(web / webCeiling).toFixed(2)} of what Web Crypto allows here`,
  );
  for (const [ours, theirs] of [
    ['ours: verifyWebhookSignature', 'stripe-node: signature.verifyHeaderAsync'],
    ['ours: verifyWebhookSignature', 'standardwebhooks: verify, jsonParse false'],
    ['ours: verifyWebhook', 'stripe-node: webhooks.constructEventAsync'],
    ['ours: verifyWebhook', 'standardwebhooks: verify'],
  ] as const) {
    const factor = get(size, ours) / get(size, theirs);
    console.log(
      `  ${size / 1024} KB: ${ours} is ${factor.toFixed(2)}x ${theirs}: ${factor > 1 ? 'faster' : 'NOT faster'}`,
    );
  }
}
