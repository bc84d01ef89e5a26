import { signWebhook } from '@prospectkit/webhooks';

/** What one delivery attempt saw. */
export interface AttemptResult {
  /** The response status, or `undefined` after a timeout or network error. */
  statusCode: number | undefined;
  durationMs: number;
  /** Why there was no status, e.g. `timeout after 10000 ms`. */
  error: string | null;
  /** The first 1 KB of the response body. */
  responseExcerpt: string | null;
}

export interface SendAttemptInput {
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  body: string;
  /** Unix seconds of this attempt: each attempt is signed afresh, so a late retry still passes the 300 s check. */
  timestampSeconds: number;
  timeoutMs: number;
  userAgent: string;
  fetch: typeof fetch;
}

const EXCERPT_BYTES = 1024;

/** POSTs one signed event; never follows redirects; never throws. */
export async function sendAttempt(input: SendAttemptInput): Promise<AttemptResult> {
  const started = performance.now();
  const signature = await signWebhook({
    secret: input.secret,
    body: input.body,
    timestampSeconds: input.timestampSeconds,
  });
  try {
    const response = await input.fetch(input.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(input.timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': input.userAgent,
        'Service-Event-ID': input.eventId,
        'Service-Event': input.eventType,
        ...signature,
      },
      body: input.body,
    });
    const excerpt = await readExcerpt(response);
    return {
      statusCode: response.status,
      durationMs: Math.round(performance.now() - started),
      error: null,
      responseExcerpt: excerpt,
    };
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `timeout after ${input.timeoutMs} ms`
        : describeNetworkError(error);
    return {
      statusCode: undefined,
      durationMs: Math.round(performance.now() - started),
      error: message,
      responseExcerpt: null,
    };
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `network error: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

async function readExcerpt(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes.subarray(0, EXCERPT_BYTES));
}
