import { ConfigError } from '../config.js';
import { DataDirectoryLockedError } from '../db/pglite-database.js';
import { WebhookAddressError } from '../delivery/webhook-address.js';
import { ListenError } from '../listen-error.js';
import { note } from './output.js';

/** A failure the user can fix; printed without a stack trace. */
export class CliError extends Error {}

/**
 * Prints a failed command's one-line explanation on stderr and exits: status 2 for input the user can fix (bad
 * options, configuration, a locked data directory, a refused webhook address), 1 for a port that cannot be
 * bound (`ListenError`, its message naming the setting) and for anything unexpected.
 *
 * @param error what the command threw
 * @returns never; the process exits
 */
export function exitWithError(error: unknown): never {
  if (error instanceof ListenError || (error as Error | undefined)?.name === 'TracingUnavailableError') {
    console.error(`prospectkit-server: ${(error as Error).message}`);
    process.exit(1);
  }
  const known =
    error instanceof CliError ||
    error instanceof ConfigError ||
    error instanceof DataDirectoryLockedError ||
    error instanceof WebhookAddressError ||
    error instanceof RangeError;
  note(
    `prospectkit-server: ${known ? (error as Error).message : `unexpected error: ${(error as Error).message}`}`,
  );
  process.exit(known ? 2 : 1);
}
