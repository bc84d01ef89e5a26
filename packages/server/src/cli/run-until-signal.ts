import type { Logger } from 'pino';

/**
 * Keeps a long-running command (`start`, `worker`) up until SIGTERM or SIGINT, then stops it gracefully once and
 * exits with status 0 (1 if stopping failed). A second signal while stopping gets Node's default handling and
 * ends the process at once, so a stop that hangs can still be cut short.
 *
 * @param options.logger where the signal and a failed stop are logged
 * @param options.message the log line on a signal, e.g. `'shutting down'`
 * @param options.stop the graceful stop: finish the work in flight, close the database
 * @example
 * runUntilSignal({ logger, message: 'shutting down', stop: () => running.close() });
 */
export function runUntilSignal(options: {
  logger: Logger;
  message: string;
  stop: () => Promise<void>;
}): void {
  const onSignal = (signal: NodeJS.Signals) => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    options.logger.info({ signal }, options.message);
    options.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        options.logger.error({ err: error }, 'graceful stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
