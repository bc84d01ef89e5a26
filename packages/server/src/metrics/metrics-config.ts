import { isIP } from 'node:net';

/** Where `/metrics` is served; see `loadMetricsConfig`. Off unless a port or a token is set. */
export interface MetricsConfig {
  /** `PROSPECTKIT_METRICS_PORT`: a listener of its own for `/metrics` (0 picks a free one). Default: none. */
  port: number | undefined;
  /** `PROSPECTKIT_METRICS_HOST`: the address that listener binds. Default `127.0.0.1`. */
  host: string;
  /**
   * `PROSPECTKIT_METRICS_TOKEN`: `/metrics` answers only `Authorization: Bearer <token>`, and is then also served
   * on the API's port. Default: none.
   */
  token: string | undefined;
}

/** The shortest accepted `PROSPECTKIT_METRICS_TOKEN`, in characters. */
export const MIN_METRICS_TOKEN_LENGTH = 32;

/**
 * Reads the metrics settings. `/metrics` is never public by default: it is served on a port of its own
 * (`PROSPECTKIT_METRICS_PORT`, bound to `PROSPECTKIT_METRICS_HOST`, loopback unless set), or on the API's port
 * behind a bearer token (`PROSPECTKIT_METRICS_TOKEN`), or both (the token is then asked on both).
 *
 * @param env the environment. Default `process.env`
 * @returns the settings; `enabled` is whether either is set
 * @throws {RangeError} naming the variable that is invalid (never echoing the token)
 * @example
 * loadMetricsConfig({ PROSPECTKIT_METRICS_PORT: '9464' }); // { port: 9464, host: '127.0.0.1', token: undefined }
 * @see packages/server/README.md, "Metrics and traces"
 */
export function loadMetricsConfig(
  env: NodeJS.ProcessEnv = process.env,
): MetricsConfig & { enabled: boolean } {
  const rawPort = env.PROSPECTKIT_METRICS_PORT ?? '';
  let port: number | undefined;
  if (rawPort !== '') {
    port = Number(rawPort);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new RangeError(
        `PROSPECTKIT_METRICS_PORT must be a whole number from 0 to 65535; got "${rawPort}".`,
      );
  }
  const host = env.PROSPECTKIT_METRICS_HOST || '127.0.0.1';
  if (isIP(host) === 0 && host !== 'localhost')
    throw new RangeError(`PROSPECTKIT_METRICS_HOST must be an IP address such as 127.0.0.1; got "${host}".`);
  const token = env.PROSPECTKIT_METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token)))
    throw new RangeError(
      `PROSPECTKIT_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (for example the output of: openssl rand -hex 32).`,
    );
  return { port, host, token, enabled: port !== undefined || token !== undefined };
}
