// The benchmark's delivery worker, in its own process as `prospectkit-server worker` runs in production, so that
// the producer in bench/delivery.ts does not share its event loop. Driven over IPC by bench/delivery.ts.
import { createDeliveryWorker, createLogger, type DeliveryWorker, openDatabase } from '@prospectkit/server';

type Message =
  | { type: 'start'; databaseUrl: string; ca: string; concurrency: number }
  | { type: 'cpu' }
  | { type: 'stop' }
  | { type: 'exit' };

const send = (message: unknown) => process.send?.(message);
let worker: DeliveryWorker | undefined;
let close: (() => Promise<void>) | undefined;
let cpuAtStart = process.cpuUsage();

process.on('message', async (message: Message) => {
  if (message.type === 'start') {
    const db = await openDatabase({ databaseUrl: message.databaseUrl });
    worker = createDeliveryWorker({
      db,
      logger: createLogger('silent'),
      allowInsecureWebhooks: true,
      tls: { ca: message.ca },
      concurrency: message.concurrency,
    });
    close = () => db.close();
    cpuAtStart = process.cpuUsage();
    await worker.start();
    send({ type: 'ready' });
  } else if (message.type === 'cpu') {
    const cpu = process.cpuUsage(cpuAtStart);
    send({ type: 'cpu', cpuMicros: cpu.user + cpu.system });
  } else if (message.type === 'stop') {
    await worker?.stop();
    await close?.();
    send({ type: 'stop' });
  } else {
    process.exit(0);
  }
});
