// Test helper: an injectable fetch that records each request and answers from a script.

/** One request the fake fetch received. */
export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: string;
  signal: AbortSignal;
}

/** A scripted answer: a response, an error to throw, or a function of the call. */
export type Reply = Response | Error | ((call: RecordedCall) => Response | Promise<Response>);

/**
 * A fetch that answers the n-th request with the n-th reply (the last reply repeats) and records every call.
 */
export function fakeFetch(...replies: Reply[]) {
  const calls: RecordedCall[] = [];
  async function fetch(request: Request): Promise<Response> {
    const call: RecordedCall = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      signal: request.signal,
    };
    calls.push(call);
    const reply = replies[Math.min(calls.length, replies.length) - 1];
    if (reply === undefined) throw new Error('fakeFetch: no reply scripted');
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(call);
    return reply.clone();
  }
  return { fetch, calls };
}

/** A JSON response. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': `req-${status}`, ...headers },
  });
}

/** A reply that never answers and fails with the signal's reason once the request is aborted. */
export function hang(call: RecordedCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    call.signal.addEventListener('abort', () => reject(call.signal.reason ?? new Error('aborted')));
  });
}

/** A minimal valid prospect. */
export function prospect(n: number) {
  const id = `prs_01JD3Z6X8Y9ABCDEFGHJKM${String(n).padStart(4, '0')}`;
  return {
    id,
    company: `Company ${n}`,
    domain: null,
    website: null,
    location: null,
    contact_name: null,
    contact_email: null,
    notes: null,
    tags: [],
    owner_id: null,
    outcome: null,
    created_at: '2026-11-22T09:30:00.000Z',
    updated_at: '2026-11-22T09:30:00.000Z',
  };
}
