import type { DedupeStore } from './dedupe-store.js';
import { MemoryDedupeStore } from './memory-dedupe-store.js';

let shared: MemoryDedupeStore | undefined;

/**
 * The dedupe store used when the options name none: one {@link MemoryDedupeStore} per process (per isolate on
 * edge runtimes), 10,000 ids at most, shared by every receiver in it. It stops a captured delivery from being
 * replayed inside the timestamp window; it does not see deliveries that other instances received.
 *
 * @param dedupe - the `dedupe` option: a store, `false` (no deduplication), or `undefined` (this default)
 * @returns the store to claim ids in, or `undefined` when deduplication was turned off with `false`
 * @throws {TypeError} when `dedupe` is neither a store, `false` nor `undefined`
 * @see service-spec.md section 6, delivery rule 3: "receivers use the envelope id to skip duplicates"
 */
export function resolveDedupeStore(dedupe: DedupeStore | false | undefined): DedupeStore | undefined {
  if (dedupe === false) return undefined;
  if (dedupe === undefined) {
    shared ??= new MemoryDedupeStore();
    return shared;
  }
  if (
    typeof dedupe !== 'object' ||
    dedupe === null ||
    typeof dedupe.claim !== 'function' ||
    typeof dedupe.release !== 'function'
  ) {
    throw new TypeError(
      '[@prospectkit/webhooks] dedupe must be a DedupeStore (such as new MemoryDedupeStore()), or false to handle every delivery, replays included.',
    );
  }
  return dedupe;
}
