/**
 * Waits `ms` milliseconds, unless `signal` aborts first.
 *
 * @param ms - Milliseconds to wait, `0` or more.
 * @param signal - Optional; aborting it ends the wait at once.
 * @returns A promise that resolves after the wait.
 * @throws The signal's `reason` when it aborts before or during the wait.
 * @example
 * await sleep(1_000, AbortSignal.timeout(5_000));
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
