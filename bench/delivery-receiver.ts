// The benchmark's webhook receiver, in its own process so that it gets the same CPU whether the delivery worker
// or the floor is sending: HTTPS, verifies every signature with @prospectkit/webhooks, answers 204, and notes
// when each event id first arrived. Driven over IPC by bench/delivery.ts.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@prospectkit/webhooks';

type Message =
  | { type: 'start'; cert: string; key: string; secret: string }
  | { type: 'secret'; secret: string }
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'seen' }
  | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);
const firstSeen = new Map<string, number>();
let received = 0;
let connections = 0;
let cpuAtReset = process.cpuUsage();
let rejected = 0;
let secret = '';

process.on('message', (message: Message) => {
  if (message.type === 'start') {
    secret = message.secret;
    const server = createServer({ cert: message.cert, key: message.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const at = performance.timeOrigin + performance.now();
        const body = Buffer.concat(chunks);
        verifyWebhook({ body, headers: req.headers, secret }).then(
          (event) => {
            received++;
            if (!firstSeen.has(event.id)) firstSeen.set(event.id, at);
            res.writeHead(204).end();
          },
          () => {
            rejected++;
            res.writeHead(400).end();
          },
        );
      });
    });
    server.on('secureConnection', () => connections++);
    server.listen(0, '127.0.0.1', () =>
      send({ type: 'ready', port: (server.address() as AddressInfo).port }),
    );
  } else if (message.type === 'secret') {
    secret = message.secret;
    send({ type: 'secret' });
  } else if (message.type === 'reset') {
    firstSeen.clear();
    received = 0;
    rejected = 0;
    connections = 0;
    cpuAtReset = process.cpuUsage();
    send({ type: 'reset' });
  } else if (message.type === 'seen') {
    send({ type: 'seen', seen: firstSeen.size });
  } else if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuAtReset);
    send({
      type: 'report',
      received,
      rejected,
      connections,
      cpuMicros: cpu.user + cpu.system,
      firstSeen: [...firstSeen],
    });
  } else {
    process.exit(0);
  }
});
