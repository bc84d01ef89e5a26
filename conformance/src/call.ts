import type { ConformanceTarget } from './conformance-target.js';

/** An answer as the suite looks at it. */
export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked with toEqual
  body: any;
}

/** Options of one call. */
export interface CallOptions {
  token?: string | undefined;
  /** Sent as JSON with `Content-Type: application/json` unless `headers` says otherwise. */
  body?: unknown;
  /** Sent as is (bytes get no `Content-Type` from fetch; a string gets `text/plain` unless `headers` say). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Another base URL of the same target (e.g. a rate-limited one). */
  baseUrl?: string;
}

/** Calls the target's API; `path` is below the base URL, e.g. `/prospects?page=2`. */
export async function call(
  target: ConformanceTarget,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
  }
  const response = await target.fetch(`${options.baseUrl ?? target.baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, body: parsed };
}

/** The events a piece of work caused on the target, in order. */
export async function eventsDuring(target: ConformanceTarget, work: () => Promise<unknown>) {
  const before = (await target.events()).length;
  await work();
  return (await target.events()).slice(before);
}
