import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestCertificate, type TestCertificate } from './test-certificate.js';

/** One request as the receiver got it. */
export interface ReceivedRequest {
  /** The HTTP method, e.g. `POST`. */
  method: string;
  /** The path and query, e.g. `/hooks`. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The raw body, as UTF-8. */
  body: string;
  /** `Date.now()` when the whole body had arrived. */
  receivedAt: number;
  /** `performance.now()` when the request began and when its answer was finished (or the socket dropped). */
  startedMs: number;
  /** `performance.now()` when the answer was finished, or `undefined` while it is not (a `hang`). */
  endedMs: number | undefined;
}

/** How to answer one request. Default: 204 at once. */
export interface ReceiverAnswer {
  /** Default 204. */
  status?: number;
  /** Response headers. Default: none. */
  headers?: Record<string, string>;
  /** Response body, as UTF-8. Default: empty. */
  body?: string;
  /** Wait this long before answering, in ms. Default 0. */
  delayMs?: number;
  /** Never answer (the sender's timeout must end it). */
  hang?: boolean;
  /** Drop the connection without an answer (a network error for the sender). */
  destroy?: boolean;
}

/** A local HTTPS webhook receiver for tests and benchmarks; see {@link startWebhookReceiver}. */
export interface WebhookReceiver {
  /** `https://127.0.0.1:<port>`, without a trailing slash. */
  origin: string;
  /** The port it listens on, chosen by the system. */
  port: number;
  /** The PEM certificate to trust as a CA. */
  ca: string;
  /** Every request so far, in arrival order. */
  requests: ReceivedRequest[];
  /** Replaces how requests are answered. */
  answer(answer: (request: ReceivedRequest) => ReceiverAnswer | Promise<ReceiverAnswer>): void;
  /** Resolves once `count` requests have arrived in all; rejects after `timeoutMs` (default 30,000). */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Stops listening and drops open connections (a `hang` included). */
  close(): Promise<void>;
}

/**
 * Starts an HTTPS server on a loopback address and a free port that records every request and answers as told.
 *
 * @param options.host the loopback address to listen on. Default `127.0.0.1`.
 * @param options.certificate Default: {@link createTestCertificate}.
 * @example
 * const receiver = await startWebhookReceiver();
 * receiver.answer(() => ({ status: 503 }));
 */
export async function startWebhookReceiver(
  options: { host?: string; certificate?: TestCertificate } = {},
): Promise<WebhookReceiver> {
  const host = options.host ?? '127.0.0.1';
  const certificate = options.certificate ?? (await createTestCertificate());
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  let answer: (request: ReceivedRequest) => ReceiverAnswer | Promise<ReceiverAnswer> = () => ({});
  const server: Server = createServer({ cert: certificate.cert, key: certificate.key }, (req, res) => {
    const startedMs = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
        startedMs,
        endedMs: undefined,
      };
      requests.push(request);
      for (const waiter of waiters) waiter();
      const finished = () => {
        request.endedMs ??= performance.now();
      };
      res.on('close', finished);
      const reply = await answer(request);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (reply.hang) return;
      if (reply.destroy) {
        finished();
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status ?? 204, reply.headers);
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    ca: certificate.cert,
    requests,
    answer(next) {
      answer = next;
    },
    waitForRequests(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The receiver got ${requests.length} of ${count} requests in ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
