import { Readable } from 'node:stream';
import { Agent } from 'undici';
import type { Seen } from './contract.js';

/** One request as the suite sends it: the body is sent byte for byte as given. */
export interface Outgoing {
  method: string;
  /** Path below the origin, e.g. `/api/v1/prospects?page=2`; sent as is (no normalisation). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with `Transfer-Encoding: chunked` (no `Content-Length`), in 64 KiB pieces. */
  chunked?: boolean;
}

async function* pieces(body: string | Buffer): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

/** An undici agent for one part of the suite; `localAddress` picks the loopback address requests come from. */
export function createAgent(options: { connections?: number; localAddress?: string } = {}): Agent {
  return new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout: 10_000,
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
    ...(options.localAddress ? { connect: { localAddress: options.localAddress } } : {}),
  });
}

/**
 * Sends `outgoing` to `origin` and reads the whole answer. A transport failure (reset, refused) is returned as
 * status 0 with the error text, never thrown.
 */
export async function send(origin: string, outgoing: Outgoing, agent: Agent): Promise<Seen> {
  try {
    const response = await agent.request({
      origin: new URL(origin).origin,
      path: outgoing.path,
      method: outgoing.method as 'GET',
      headers: outgoing.headers ?? {},
      body:
        outgoing.body === undefined
          ? null
          : outgoing.chunked
            ? Readable.from(pieces(outgoing.body))
            : outgoing.body,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  } catch (error) {
    return { status: 0, headers: {}, text: String((error as Error).message ?? error) };
  }
}

/** Runs `task` over `items` with at most `concurrency` at once. */
export async function pool<T>(items: Iterable<T>, concurrency: number, task: (item: T) => Promise<void>) {
  const iterator = items[Symbol.iterator]();
  const workers = Array.from({ length: concurrency }, async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await task(next.value);
  });
  await Promise.all(workers);
}
