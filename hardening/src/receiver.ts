import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local webhook receiver: answers 200 after `delayMs` and records every event id it was sent. */
export interface Receiver {
  url: string;
  /** Unique event ids received. */
  readonly ids: Set<string>;
  /** Requests received, duplicates included. */
  readonly received: number;
  close(): Promise<void>;
}

export async function startReceiver(options: { delayMs?: number } = {}): Promise<Receiver> {
  const ids = new Set<string>();
  let received = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      const id = req.headers['service-event-id'];
      if (typeof id === 'string') ids.add(id);
      setTimeout(() => res.writeHead(200).end('ok'), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    ids,
    get received() {
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `done` every 500 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitFor(done: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return done();
}
