// The open-loop search run of `npm run bench:server`: requests start at a fixed arrival rate whatever the
// answers, spread over the search classes in turn, so a slow answer queues the ones behind it and shows in
// their latency (no coordinated omission: latency counts from when a request was due, not when it was sent).
import { Agent, request } from 'undici';

export interface OpenLoopClass {
  name: string;
  path: string;
}

/** Latencies in ms of each class's requests, and how many failed (non-2xx or a network error). */
export async function openLoop(options: {
  base: string;
  token: string;
  classes: OpenLoopClass[];
  ratePerS: number;
  durationS: number;
}): Promise<Map<string, { latenciesMs: number[]; failed: number }>> {
  const { base, token, classes, ratePerS, durationS } = options;
  const dispatcher = new Agent({ connections: 200, pipelining: 1 });
  const results = new Map(classes.map((c) => [c.name, { latenciesMs: [] as number[], failed: 0 }]));
  const total = Math.round(ratePerS * durationS);
  const intervalMs = 1000 / ratePerS;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const dueAt = started + i * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const kind = classes[i % classes.length] as OpenLoopClass;
    const record = results.get(kind.name) as { latenciesMs: number[]; failed: number };
    pending.push(
      request(`${base}${kind.path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        dispatcher,
      })
        .then(async ({ statusCode, body }) => {
          await body.dump();
          if (statusCode === 200) record.latenciesMs.push(performance.now() - dueAt);
          else record.failed++;
        })
        .catch(() => {
          record.failed++;
        }),
    );
  }
  await Promise.all(pending);
  await dispatcher.close();
  return results;
}

/** The `q` quantile (0-1) of `values` by the nearest-rank method; `NaN` when empty. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
