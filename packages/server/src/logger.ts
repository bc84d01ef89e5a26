import { type Logger, pino } from 'pino';

/** Keys never written to logs. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'authorization',
  'token',
  'secret',
  '*.token',
  '*.secret',
];

/**
 * The server's pino logger: JSON lines, with `Authorization`, tokens and secrets redacted.
 *
 * @param level pino level, e.g. `'info'`
 * @param destination where lines go. Default: standard output.
 * @returns a pino logger for `createApp` and `createDeliveryWorker`
 * @example
 * const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
