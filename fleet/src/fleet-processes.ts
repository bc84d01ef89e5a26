import { freePort } from './free-port.js';
import { type FleetProcess, fleetProcess } from './processes.js';

/**
 * The fleet's processes, not started: three API instances (`start` with PROSPECTKIT_START_WORKER=off, behind a
 * load balancer that adds X-Forwarded-For, the rate limit in Redis, a 3-second drain; the first also receives
 * mail) and two workers, each with its metrics on a port of its own (docs/deployment.md, The variables of a fleet).
 */
export async function fleetProcesses(options: {
  cli: string;
  databaseUrl: string;
  redisUrl: string;
  smtpPort: number;
  rateLimit: number;
  leaseSeconds: number;
  concurrency: number;
}): Promise<{ apis: FleetProcess[]; workers: FleetProcess[]; apiPorts: number[] }> {
  const { cli, databaseUrl, redisUrl, smtpPort } = options;
  const apiPorts = [await freePort(), await freePort(), await freePort()];
  const common = {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: '1',
  };
  const apis = await Promise.all(
    apiPorts.map(async (port, i) => {
      const metricsPort = await freePort();
      return fleetProcess({
        name: `api${i + 1}`,
        kind: 'api',
        cli: cli,
        args: ['start'],
        port,
        metricsPort,
        env: {
          ...common,
          PROSPECTKIT_METRICS_PORT: String(metricsPort),
          PORT: String(port),
          HOST: '127.0.0.1',
          PROSPECTKIT_START_WORKER: 'off',
          PROSPECTKIT_PUBLIC_URL: 'https://api.fleet.test',
          PROSPECTKIT_TRUST_PROXY: '1',
          PROSPECTKIT_REDIS_URL: redisUrl,
          PROSPECTKIT_RATE_LIMIT: String(options.rateLimit),
          PROSPECTKIT_DRAIN_SECONDS: '3',
          PROSPECTKIT_ADMIN_PASSWORD: 'fleet administrator password',
          ...(i === 0 ? { PROSPECTKIT_SMTP_PORT: String(smtpPort) } : {}),
        },
      });
    }),
  );
  const workers = await Promise.all(
    [1, 2].map(async (i) => {
      const metricsPort = await freePort();
      return fleetProcess({
        name: `worker${i}`,
        kind: 'worker',
        cli: cli,
        args: [
          'worker',
          '--lease-seconds',
          String(options.leaseSeconds),
          '--concurrency',
          String(options.concurrency),
        ],
        metricsPort,
        // The worker settings of docs/deployment.md ("The variables of a fleet"), so the fleet runs them as documented.
        env: {
          ...common,
          PROSPECTKIT_METRICS_PORT: String(metricsPort),
          NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-old-space-size=256'].filter(Boolean).join(' '),
          MALLOC_ARENA_MAX: '2',
        },
      });
    }),
  );
  return { apis, workers, apiPorts };
}
