import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import type { CheckedWebhookAddress } from './guard-webhook-address.js';

/** Options of {@link createPinnedDispatcher}. */
export interface PinnedDispatcherOptions {
  /**
   * Extra certificate authorities to trust, PEM. For tests and private receivers only; the system's roots are
   * used otherwise. TLS verification is never turned off.
   */
  ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  /** Connections kept per receiver origin; requests beyond wait for one to be free. Default: no limit. */
  connections?: number;
}

/** An undici dispatcher whose connections go only to addresses the SSRF guard checked. */
export interface PinnedDispatcher {
  readonly dispatcher: Dispatcher;
  /** The `connect.lookup` the dispatcher's connections use. */
  readonly lookup: LookupFunction;
  /** Records the checked addresses of a host; the next connection to it uses one of them. */
  pin(checked: CheckedWebhookAddress): void;
  close(): Promise<void>;
}

/**
 * Creates the delivery worker's connection pool. Its `connect.lookup` answers only from addresses pinned by the
 * SSRF guard, never from DNS, so a name that resolves to a public address for the check and to a private one a
 * moment later (DNS rebinding) still connects to the checked address. Connections are kept alive and reused.
 *
 * @example
 * const pool = createPinnedDispatcher();
 * pool.pin(await guardWebhookAddress(url));
 * await request(url, { method: 'POST', body, dispatcher: pool.dispatcher });
 * @see packages/server/README.md (Webhook delivery: Address safety)
 */
export function createPinnedDispatcher(options: PinnedDispatcherOptions = {}): PinnedDispatcher {
  const pins = new Map<string, ReadonlyArray<LookupAddress>>();
  const lookup = ((
    hostname: string,
    lookupOptions: { all?: boolean; family?: number | string },
    callback,
  ) => {
    const family = Number(String(lookupOptions.family ?? 0).replace(/^IPv/, ''));
    const pinned = (pins.get(hostname) ?? []).filter((a) => family === 0 || a.family === family);
    if (pinned.length === 0) {
      const error = Object.assign(new Error(`${hostname} has no address checked by the SSRF guard.`), {
        code: 'ENOTFOUND',
      });
      callback(error, '', 0);
    } else if (lookupOptions.all === true) {
      (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, [...pinned]);
    } else {
      const [first] = pinned as [LookupAddress];
      callback(null, first.address, first.family);
    }
  }) as LookupFunction;
  const agent = new Agent({
    connect: {
      lookup,
      ...(options.ca !== undefined ? { ca: options.ca as string | Buffer | Array<string | Buffer> } : {}),
    },
    ...(options.connections !== undefined ? { connections: options.connections } : {}),
  });
  return {
    dispatcher: agent,
    lookup,
    pin(checked) {
      pins.set(checked.hostname, checked.addresses);
    },
    close: () => agent.close(),
  };
}
