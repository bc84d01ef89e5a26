import autocannon from 'autocannon';

/** What one window of steady load saw. */
export interface WindowResult {
  phase: string;
  /** Requests answered or failed. */
  requests: number;
  /** 2xx answers (201s are the writes). */
  ok: number;
  writes: number;
  /** Errors by cause: an HTTP status (`502`), or the socket error's code (`ECONNRESET`, `timeout`). */
  errors: Map<string, number>;
  /** Requests sent but still unanswered when the window ended (autocannon stops without waiting for them). */
  cutOff: number;
  p50: number;
  p99: number;
  /** What the phase did, for the table (requests in flight on a killed instance ...). */
  note: string;
}

/**
 * Steady load through HAProxy for `seconds`: `connections` kept-alive connections at `rate` requests a second in
 * all, three `GET /prospects` for each `POST /prospects`. `during` runs `atMs` into the window (the fault) and
 * returns the note of the table's row.
 */
export async function loadWindow(options: {
  phase: string;
  url: string;
  token: string;
  seconds: number;
  rate: number;
  connections?: number;
  during?: { atMs: number; run(): Promise<string> };
}): Promise<WindowResult> {
  const errors = new Map<string, number>();
  // Counted here: autocannon's own count of requests sent includes its rate's head start per connection.
  let sent = 0;
  let answered = 0;
  const count = (cause: string) => errors.set(cause, (errors.get(cause) ?? 0) + 1);
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  const list = { method: 'GET' as const, path: '/api/v1/prospects?per_page=5', headers };
  let finished: (result: autocannon.Result) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections ?? 8,
      overallRate: options.rate,
      duration: options.seconds,
      timeout: 10,
      // The client is an EventEmitter that also emits 'request' for each request written (not in its types).
      setupClient: (client) => {
        (client as unknown as NodeJS.EventEmitter).on('request', () => {
          sent += 1;
        });
      },
      requests: [
        list,
        list,
        list,
        {
          method: 'POST',
          path: '/api/v1/prospects',
          headers,
          body: JSON.stringify({ company: 'Fleet Ltd', contact_email: 'buyer@fleet.example' }),
        },
      ],
    },
    (error: unknown, result: autocannon.Result) => (error ? failed(error) : finished(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number) => {
    answered += 1;
    if (statusCode >= 300) count(String(statusCode));
  });
  instance.on('reqError', (error: Error & { code?: string }) => {
    answered += 1;
    count(error.code ?? (error.message === 'request timed out' ? 'timeout' : error.message));
  });
  let note = Promise.resolve('');
  if (options.during) {
    const { atMs, run } = options.during;
    note = new Promise((resolve, reject) => setTimeout(() => run().then(resolve, reject), atMs));
  }
  const result = await done;
  return {
    phase: options.phase,
    requests: result['2xx'] + result.non2xx + result.errors,
    ok: result['2xx'],
    writes: (result.statusCodeStats as Record<string, { count: number }> | undefined)?.['201']?.count ?? 0,
    errors,
    cutOff: Math.max(0, sent - answered),
    p50: result.latency.p50,
    p99: result.latency.p99,
    note: await note,
  };
}

/** The table the fleet test prints: one row per window. */
export function printTable(rows: readonly WindowResult[]): void {
  const cells = rows.map((r) => [
    r.phase,
    String(r.requests),
    String(r.writes),
    r.errors.size === 0 ? 'none' : [...r.errors].map(([cause, n]) => `${cause} x${n}`).join(', '),
    `${r.p50}`,
    `${r.p99}`,
    r.note,
  ]);
  const head = ['phase', 'requests', 'writes (201)', 'errors by cause', 'p50 ms', 'p99 ms', 'what happened'];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map((_, i) => (i > 0 && i < 6 ? '---:' : '---')).join(' | ')} |`);
  for (const row of cells) console.log(`| ${row.join(' | ')} |`);
}
