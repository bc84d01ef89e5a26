import { setTimeout as sleep } from 'node:timers/promises';
import { prospectRows } from '@prospectkit/fake-data';
import { checkpoint, createThrowawayDatabase } from '../database.js';
import { createAgent, send } from '../http.js';
import { startServerProcess } from '../server-process.js';
import type { PartEnvironment } from './part.js';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const median = (values: number[]) => quantile(values, 0.5);
const SOAK_WINDOW_MS = 5_000;

/**
 * Part 5: a fixed request rate (list, get, create) against one server process; no errors, RSS growth after
 * warm-up under 10% (medians of the server's VmRSS), and p99 of the last third at most 3x the first third's
 * (each the median of its 5 s windows' p99). PostgreSQL is checkpointed first, so the earlier parts' writes are
 * not flushed during the measurement.
 */
export async function soakPart(env: PartEnvironment): Promise<void> {
  const part = 'soak';
  const { tally, settings } = env;
  const database = await createThrowawayDatabase(env.databaseUrl, 'soak');
  await checkpoint(env.databaseUrl);
  const server = await startServerProcess({ databaseUrl: database.url });
  const agent = createAgent({ connections: 32 });
  const token = server.demoToken as string;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  try {
    const created = await send(
      server.baseUrl,
      { method: 'POST', path: '/api/v1/prospects', headers, body: '{"company":"Soak"}' },
      agent,
    );
    const id = (JSON.parse(created.text) as { id: string }).id;
    const samples: Array<{ at: number; ms: number }> = [];
    const rss: Array<{ at: number; kib: number }> = [];
    const start = Date.now();
    const end = start + settings.soakSeconds * 1000;
    const gapMs = 1000 / settings.soakRatePerSecond;
    let errors = 0;
    let sent = 0;
    // Realistic prospects (company, domain, contact, email, tags, notes) from the shared seeded generator.
    const prospects = prospectRows({ seed: 1, count: Number.MAX_SAFE_INTEGER });
    const inFlight = new Set<Promise<void>>();
    const sampler = setInterval(() => {
      const kib = server.rssKiB();
      if (kib) rss.push({ at: Date.now() - start, kib });
    }, 1000);
    for (let next = start; next < end; next += gapMs) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      const kind = sent % 10;
      const request =
        kind < 6
          ? { method: 'GET', path: '/api/v1/prospects?per_page=25', headers }
          : kind < 9
            ? { method: 'GET', path: `/api/v1/prospects/${id}`, headers }
            : {
                method: 'POST',
                path: '/api/v1/prospects',
                headers,
                body: JSON.stringify(prospects.next().value),
              };
      sent++;
      const began = Date.now();
      const p = send(server.baseUrl, request, agent).then((seen) => {
        samples.push({ at: began - start, ms: Date.now() - began });
        if (seen.status < 200 || seen.status >= 300) {
          errors++;
          if (seen.status >= 500) tally.serverErrors++;
          if (errors <= 3)
            tally.find(
              part,
              'error',
              `${request.method} ${request.path} answered ${seen.status} ${seen.text.slice(0, 100)}`,
            );
        }
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
    clearInterval(sampler);
    tally.requestsSent += sent;
    if (errors > 0) tally.fail(part, `${errors} of ${sent} soak requests failed`);
    const warmUpMs = Math.max(10_000, settings.soakSeconds * 100);
    const window = Math.max(5, Math.floor(rss.length / 6));
    const after = rss.filter((r) => r.at >= warmUpMs);
    const baseline = median(after.slice(0, window).map((r) => r.kib));
    const final = median(after.slice(-window).map((r) => r.kib));
    tally.rssGrowthPercent = baseline > 0 ? ((final - baseline) / baseline) * 100 : undefined;
    // p99 per 5 s window, then the median window of each third: a lasting slowdown (a leak, a growing table)
    // moves it, while one stall outside the server (a checkpoint, a neighbour on the host) spoils one window only.
    const measured = samples.filter((s) => s.at >= warmUpMs).sort((x, y) => x.at - y.at);
    const windowP99s: Array<{ at: number; p99: number }> = [];
    for (let from = warmUpMs; from < settings.soakSeconds * 1000; from += SOAK_WINDOW_MS) {
      const inside = measured.filter((s) => s.at >= from && s.at < from + SOAK_WINDOW_MS).map((s) => s.ms);
      if (inside.length > 0) windowP99s.push({ at: from, p99: quantile(inside, 0.99) });
    }
    const third = Math.max(1, Math.floor(windowP99s.length / 3));
    const p99First = median(windowP99s.slice(0, third).map((w) => w.p99));
    const p99Last = median(windowP99s.slice(-third).map((w) => w.p99));
    const worst = Math.max(0, ...windowP99s.map((w) => w.p99));
    tally.figure(
      'soak: requests',
      `${sent} at ${settings.soakRatePerSecond}/s for ${settings.soakSeconds} s, ${errors} errors`,
    );
    tally.figure(
      'soak: RSS',
      `${(baseline / 1024).toFixed(1)} MiB after ${warmUpMs / 1000} s warm-up -> ${(final / 1024).toFixed(1)} MiB at the end`,
    );
    tally.figure(
      'soak: p99',
      `per ${SOAK_WINDOW_MS / 1000} s window, median of the first third ${p99First} ms, of the last third ${p99Last} ms (bound: last <= 3x first); worst window ${worst} ms`,
    );
    if (p99Last > 3 * Math.max(p99First, 10))
      tally.fail(part, `p99 grew from ${p99First} ms to ${p99Last} ms`);
    if (server.crashed) tally.serverExits++;
  } finally {
    await agent.close();
    await server.stop();
    await database.drop();
  }
}
