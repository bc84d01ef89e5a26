import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { tracingRequested } from '../tracing/tracing-config.js';
import { warnInsecureWebhooks } from './insecure-webhooks-warning.js';
import { printableLines } from './output.js';
import { runUntilSignal } from './run-until-signal.js';

/**
 * `start [--port N] [--host H]`: the API and a delivery worker in one process, until SIGTERM or SIGINT. The
 * banner goes to stderr, so stdout holds only JSON log lines.
 *
 * @see packages/server/README.md, "Run it"
 */
export function registerStart(program: Command): void {
  program
    .command('start')
    .description(
      'Start the API, a delivery worker and the inbound SMTP listener (embedded PGlite unless DATABASE_URL is set)',
    )
    .option('--port <port>', 'port to listen on (overrides PORT)')
    .option('--host <host>', 'address to listen on (overrides HOST)')
    .action(async (flags: { port?: string; host?: string }) => {
      const config = loadConfig({
        ...process.env,
        ...(flags.port ? { PORT: flags.port } : {}),
        ...(flags.host ? { HOST: flags.host } : {}),
      });
      // Before the HTTP stack loads, so its instrumentations hook it; loaded only when OTEL_* asks for traces.
      const tracing = tracingRequested()
        ? await (await import('../tracing/start-tracing.js')).startTracing()
        : undefined;
      // Loaded here, not at the top: the HTTP stack is only for `start`, and every other command starts faster.
      const { startServer } = await import('../start-server.js');
      // A listen error names what chose the address: the flag when one was given, else the variable.
      const running = await startServer(config, {
        listenNames: { port: flags.port ? '--port' : 'PORT', host: flags.host ? '--host' : 'HOST' },
        ...(tracing ? { tracing } : {}),
      });
      if (config.allowInsecureWebhooks) {
        running.logger.warn(
          'PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS is on: webhooks may use http and loopback addresses. Never use this in production.',
        );
        warnInsecureWebhooks();
      }
      const { startBanner } = await import('../start-banner.js');
      // The banner names workspaces, which people typed: printed escaped, like everything the CLI prints.
      process.stderr.write(
        printableLines(
          await startBanner({
            db: running.db,
            production: process.env.NODE_ENV === 'production',
            baseUrl: running.baseUrl,
            appUrl: running.appUrl,
            databaseLabel: config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`,
            generatedAdminPassword: running.generatedAdminPassword,
            adminPasswordConfigured: config.adminPassword !== undefined,
            owner: { email: running.owner.email, canSignIn: running.owner.canSignIn },
            backgroundWork: config.startWorker,
            metrics:
              running.metricsPort === undefined
                ? undefined
                : { host: config.metrics.host, port: running.metricsPort },
            mail: {
              listening: running.smtp ? { host: config.mail.smtpHost, port: running.smtp.port } : undefined,
              inboundDomain: config.mail.inboundDomain,
              relay: config.mail.relayUrl !== undefined,
              tls: config.mail.tls !== undefined,
            },
          }),
        ),
      );
      runUntilSignal({
        logger: running.logger,
        message: 'shutting down',
        stop: async () => {
          await running.close();
          await tracing?.shutdown();
        },
      });
    });
}
