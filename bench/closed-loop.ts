// A closed-loop run of `npm run bench:server`: 50 connections, each sending its next request when the last
// is answered (autocannon), with the CPU each request cost the server and PostgreSQL.
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { postgresCpuMicros, processCpuMicros } from './server-children.js';
import { median } from './stats.js';

export interface Result {
  rps: number;
  /** CPU of the server process per request, µs. */
  serverCpu: number;
  /** CPU of PostgreSQL per request, µs. */
  postgresCpu: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function closedLoop(options: {
  server: ChildProcess;
  url: string;
  token: string;
  method: 'GET' | 'POST';
  durationS: number;
}): Promise<Result> {
  const serverBefore = processCpuMicros(options.server.pid);
  const postgresBefore = postgresCpuMicros();
  const result = await autocannon({
    url: options.url,
    method: options.method,
    connections: 50,
    duration: options.durationS,
    headers: {
      authorization: `Bearer ${options.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    ...(options.method === 'POST'
      ? { body: JSON.stringify({ company: 'Bench Co', contact_email: 'bench@bench.example' }) }
      : {}),
  });
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    serverCpu: (processCpuMicros(options.server.pid) - serverBefore) / requests,
    postgresCpu: (postgresCpuMicros() - postgresBefore) / requests,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The medians of several rounds, and the worst p99 and the sums of errors. */
export function summary(results: Result[]) {
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    worstP99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpu: median(results.map((r) => r.serverCpu)),
    postgresCpu: median(results.map((r) => r.postgresCpu)),
  };
}
