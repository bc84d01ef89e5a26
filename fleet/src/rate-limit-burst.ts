import { Agent, request } from 'undici';

/**
 * Sends `limit + extra` GETs through HAProxy from another loopback address (127.0.0.2, a client of its own:
 * HAProxy adds it to X-Forwarded-For and the instances trust one hop), spread by round robin over every API
 * instance: with the rate limit counted in Redis, exactly `limit` are answered 200 and the rest 429, whichever
 * instance answers.
 */
export async function rateLimitBurst(options: {
  url: string;
  token: string;
  limit: number;
  extra: number;
}): Promise<{ ok: number; limited: number; other: Map<number, number> }> {
  const agent = new Agent({ localAddress: '127.0.0.2', connections: 16 });
  let ok = 0;
  let limited = 0;
  const other = new Map<number, number>();
  let next = 0;
  const total = options.limit + options.extra;
  const lane = async () => {
    while (next < total) {
      next += 1;
      const answer = await request(`${options.url}/api/v1/prospects?per_page=1`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${options.token}` },
      });
      await answer.body.dump();
      if (answer.statusCode === 200) ok += 1;
      else if (answer.statusCode === 429) limited += 1;
      else other.set(answer.statusCode, (other.get(answer.statusCode) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  await agent.close();
  return { ok, limited, other };
}
