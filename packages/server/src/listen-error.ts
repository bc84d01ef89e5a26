import type { Server } from 'node:net';

/** Which settings chose a listener's address, named in its error: a variable (`PORT`) or a flag (`--port`). */
export interface ListenerNames {
  /** What the listener is, for people: `the API`, `the inbound SMTP listener`, `the metrics listener`. */
  what: string;
  /** The setting that chose the port, e.g. `PORT`, `--port` or `PROSPECTKIT_SMTP_PORT`. */
  port: string;
  /** The setting that chose the address, e.g. `HOST`, `--host` or `PROSPECTKIT_SMTP_HOST`. */
  host: string;
}

/**
 * Thrown when a listener cannot bind its address (in use, not permitted, not an address of this machine). The
 * message names the setting to change; `prospectkit-server` prints it and exits with status 1 before anything
 * is created or printed.
 */
export class ListenError extends Error {
  /** The class name, `'ListenError'`. */
  override readonly name = 'ListenError';
  constructor(
    message: string,
    /** The system error code: `EADDRINUSE`, `EACCES`, `EADDRNOTAVAIL`, `ENOTFOUND`, ... */
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * The listen error of `host:port` for people: what failed and which setting fixes it.
 *
 * @param error the `error` event of `listen()`
 * @returns a {@link ListenError} naming `names.port` or `names.host`
 * @example
 * describeListenError(error, 3000, '127.0.0.1', { what: 'the API', port: 'PORT', host: 'HOST' }).message;
 * // 'Cannot start the API on 127.0.0.1:3000: another process is listening on that port. Stop it, or set PORT to a free port.'
 */
export function describeListenError(
  error: NodeJS.ErrnoException,
  port: number,
  host: string,
  names: ListenerNames,
): ListenError {
  const code = error.code ?? 'UNKNOWN';
  const at = `Cannot start ${names.what} on ${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new ListenError(
        `${at}: another process is listening on that port. Stop it, or set ${names.port} to a free port.`,
        code,
      );
    case 'EACCES':
    case 'EPERM':
      return new ListenError(
        `${at}: permission denied (ports below 1024 need privileges). Set ${names.port} to a port from 1024 up.`,
        code,
      );
    case 'EADDRNOTAVAIL':
      return new ListenError(
        `${at}: ${host} is not an address of this machine. Set ${names.host} to one of its addresses, such as 127.0.0.1 or 0.0.0.0 (every address).`,
        code,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(
        `${at}: the name ${host} does not resolve. Set ${names.host} to an address of this machine, such as 127.0.0.1.`,
        code,
      );
    default:
      return new ListenError(`${at}: ${code}. Check ${names.host} and ${names.port}.`, code);
  }
}

/**
 * Binds `server` to `host:port`, resolving once it listens and rejecting with a {@link ListenError} naming the
 * setting to change. (Express 5's `app.listen(port, host, callback)` calls `callback` on an error as well, so a
 * start on a busy port looked successful: the listener is bound here instead.)
 *
 * @param port 0 picks a free port
 * @returns the port it listens on
 * @throws {ListenError} when the address cannot be bound
 */
export async function listenOn(
  server: Server,
  port: number,
  host: string,
  names: ListenerNames,
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(describeListenError(error, port, host, names));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}
