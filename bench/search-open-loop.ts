// The open-loop part of `npm run bench:server`: each search class alone at a fixed arrival rate, so no class
// queues behind another's. A class whose one request, sent alone, takes longer than one core can serve at
// that rate (one request alone × rate > 1 s of work a second) cannot be served at it by any server on this
// machine, the floor included: it runs at the rate one core sustains instead, and its line says so.
import { request } from 'undici';
import { openLoop, quantile } from './open-loop.js';
import { median } from './stats.js';

export interface OpenLoopSearchOptions {
  base: string;
  token: string;
  classes: Array<{ name: string; term: string; path: string; matches: number }>;
  ratePerS: number;
  durationS: number;
  /** Waits until PostgreSQL is idle again (between classes). */
  settle: () => Promise<void>;
}

/** The latency of one request sent alone: the median of 5 in a row, ms. */
async function aloneMs(url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const { body } = await request(url, { headers: { authorization: `Bearer ${token}` } });
    await body.dump();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Runs every class in turn; returns the table's lines and a verdict per class. */
export async function openLoopSearch(options: OpenLoopSearchOptions) {
  const { base, token, ratePerS, durationS, settle } = options;
  const lines = [
    `Open loop: each class alone for ${durationS} s at ${ratePerS} requests a second (or what one core sustains)`,
    '',
    '| class | term | matches | one alone ms | rate /s | requests | failed | p50 ms | p99 ms | target p99 ms | p99 / target |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const verdicts: Array<{ what: string; met: boolean; detail: string }> = [];
  for (const { name, term, path, matches } of options.classes) {
    await settle();
    const alone = await aloneMs(`${base}${path}`, token);
    const rate = Math.min(ratePerS, Math.max(1, Math.floor(1000 / alone)));
    const result = (
      await openLoop({ base, token, classes: [{ name, path }], ratePerS: rate, durationS })
    ).get(name) as { latenciesMs: number[]; failed: number };
    // The targets: 50 ms with at most 1,000 matches, 250 ms for a common term (more than that).
    const target = matches <= 1000 ? 50 : 250;
    const p50 = quantile(result.latenciesMs, 0.5);
    const p99 = quantile(result.latenciesMs, 0.99);
    lines.push(
      `| ${name} | ${term} | ${matches.toLocaleString()} | ${alone.toFixed(1)} | ${rate} | ${result.latenciesMs.length} | ${result.failed} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${target} | ${(p99 / target).toFixed(2)} |`,
    );
    const slowed = rate < ratePerS ? `; only ${rate}/s: one request alone takes ${alone.toFixed(0)} ms` : '';
    verdicts.push({
      what: `open loop ${name} (${matches.toLocaleString()} matches) at ${ratePerS}/s, p99 at most ${target} ms`,
      met: rate === ratePerS && p99 <= target && result.failed === 0,
      detail: `p99 ${p99.toFixed(1)} ms, ratio ${(p99 / target).toFixed(2)}, ${result.failed} failed${slowed}`,
    });
  }
  return { lines, verdicts };
}
