import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fleet's webhook receiver: answers 204 and counts every request by `Service-Event-ID`. */
export interface Receiver {
  url: string;
  /** Requests per event id, duplicates included. */
  readonly received: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received = new Map<string, number>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['service-event-id'];
      if (typeof id === 'string') received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
