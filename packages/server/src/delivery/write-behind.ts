/** Batches writes: see {@link createWriteBehind}. */
export interface WriteBehind<T> {
  /** Queues one item; resolves once the batch holding it is written, rejects when that write fails. */
  write(item: T): Promise<void>;
  /** Resolves when everything queued so far is written (or has failed). */
  flushed(): Promise<void>;
}

/**
 * Groups items written while a write is in flight into the next single write, so that a worker with many
 * attempts finishing at once records them in a few statements instead of one each.
 *
 * @param writeBatch writes a non-empty batch, in queue order
 */
export function createWriteBehind<T>(writeBatch: (items: T[]) => Promise<void>): WriteBehind<T> {
  let queue: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = [];
  let flushing: Promise<void> | undefined;

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await writeBatch(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = undefined;
  }

  return {
    write(item) {
      const written = new Promise<void>((resolve, reject) => queue.push({ item, resolve, reject }));
      flushing ??= flush();
      return written;
    },
    async flushed() {
      await flushing;
    },
  };
}
