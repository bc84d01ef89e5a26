// The open-loop part of `npm run bench:server`: each search class alone at a fixed arrival rate, so no class
// queues behind another's. A class whose requests cost more CPU (the server's and PostgreSQL's per request in
// the closed loop, or else over 20 requests sent one at a time) than half the machine's cores at that rate
// cannot be served at it by any server here, the floor included: it runs at the rate half the cores sustain
// instead (as bench:delivery's open loop runs at half the capacity), and its line says so.
import { availableParallelism } from 'node:os';
import { request } from 'undici';
import { openLoop, quantile } from './open-loop.js';
import { postgresCpuMicros, processCpuMicros } from './server-children.js';

export interface OpenLoopSearchOptions {
  base: string;
  token: string;
  /** `targetMs`: the class's p99 target; default 50 ms with at most 1,000 matches, else 250 ms. */
  classes: Array<{ name: string; term: string; path: string; matches: number; targetMs?: number }>;
  ratePerS: number;
  durationS: number;
  /** Waits until PostgreSQL is idle again (between classes). */
  settle: () => Promise<void>;
  /** The server process, whose CPU counts. */
  serverPid: number | undefined;
  /** CPU per request (ms) of the classes the closed loop measured without errors, by path. */
  cpuByPath: ReadonlyMap<string, number>;
}

const SAMPLE = 20;

/** CPU of the server and of PostgreSQL per request, µs, over SAMPLE requests sent one at a time. */
async function cpuPerRequest(url: string, token: string, serverPid: number | undefined): Promise<number> {
  const before = processCpuMicros(serverPid) + postgresCpuMicros();
  for (let i = 0; i < SAMPLE; i++) {
    const { body } = await request(url, { headers: { authorization: `Bearer ${token}` } });
    await body.dump();
  }
  return (processCpuMicros(serverPid) + postgresCpuMicros() - before) / SAMPLE;
}

/** Runs every class in turn; returns the table's lines and a verdict per class. */
export async function openLoopSearch(options: OpenLoopSearchOptions) {
  const { base, token, ratePerS, durationS, settle } = options;
  const lines = [
    `Open loop: each class alone for ${durationS} s at ${ratePerS} requests a second (or what half the cores sustain)`,
    '',
    '| class | term | matches | CPU ms/req | rate /s | requests | failed | p50 ms | p99 ms | target p99 ms | p99 / target |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const verdicts: Array<{ what: string; met: boolean; detail: string }> = [];
  for (const { name, term, path, matches, targetMs } of options.classes) {
    await settle();
    // The sample is a fallback: PostgreSQL's background work (autovacuum after the POSTs) lands in it.
    const cpuMs =
      options.cpuByPath.get(path) ?? (await cpuPerRequest(`${base}${path}`, token, options.serverPid)) / 1000;
    // Below one a second too (a common term costs seconds): rounded to a tenth, at least 0.1.
    const sustained = Math.floor((5 * availableParallelism() * 1000) / Math.max(cpuMs, 0.001)) / 10;
    const rate = Math.min(ratePerS, Math.max(0.1, sustained));
    const result = (
      await openLoop({ base, token, classes: [{ name, path }], ratePerS: rate, durationS })
    ).get(name) as { latenciesMs: number[]; failed: number };
    // The targets: 50 ms with at most 1,000 matches, 250 ms for a common term (more than that).
    const target = targetMs ?? (matches <= 1000 ? 50 : 250);
    const p50 = quantile(result.latenciesMs, 0.5);
    const p99 = quantile(result.latenciesMs, 0.99);
    lines.push(
      `| ${name} | ${term} | ${matches.toLocaleString()} | ${cpuMs.toFixed(1)} | ${rate} | ${result.latenciesMs.length} | ${result.failed} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${target} | ${(p99 / target).toFixed(2)} |`,
    );
    const slowed =
      rate < ratePerS
        ? `; only ${rate}/s: one request costs ${cpuMs.toFixed(0)} ms of CPU, ${availableParallelism()} cores`
        : '';
    verdicts.push({
      what: `open loop ${name} (${matches.toLocaleString()} matches) at ${ratePerS}/s, p99 at most ${target} ms`,
      met: rate === ratePerS && p99 <= target && result.failed === 0,
      detail: `p99 ${p99.toFixed(1)} ms, ratio ${(p99 / target).toFixed(2)}, ${result.failed} failed${slowed}`,
    });
  }
  return { lines, verdicts };
}
