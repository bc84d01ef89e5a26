import { loadConfig, startServer } from '@prospectkit/server';

const running = await startServer(loadConfig()); // migrates, then serves the API and delivers webhooks
console.log(`API on ${running.baseUrl}, the app on ${running.appUrl}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void running.close());
