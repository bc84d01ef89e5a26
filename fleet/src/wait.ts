import { loadavg } from 'node:os';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's load average, printed beside every figure (other work may be running). */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Polls `probe` every 100 ms until it returns something, for at most `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`test:fleet: timed out waiting for ${what}.`);
    await sleep(100);
  }
}
