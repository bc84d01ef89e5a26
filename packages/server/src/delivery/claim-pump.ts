/**
 * The claim loop's state: `idle` (not running), `pumping` (claiming and starting attempts), `pumping-again` (a
 * wake-up, NOTIFY or the poll, came while pumping: one more round follows, since the due queue may have grown
 * after the round's last claim).
 */
export type PumpState = 'idle' | 'pumping' | 'pumping-again';

/** Runs a worker's claim rounds one at a time; see {@link createClaimPump}. */
export interface ClaimPump {
  readonly state: PumpState;
  /** Starts a round, or asks the round under way for another. */
  wake(): void;
  /** Resolves when no round runs. */
  settled(): Promise<void>;
}

/**
 * Runs `round` on every wake-up, never two at once: wake-ups during a round fold into one more round.
 *
 * @param round claims and starts attempts until the due queue is empty for now or the worker stops
 * @param onError called when a round fails; the pump is `idle` again and the next wake-up starts a round
 */
export function createClaimPump(round: () => Promise<void>, onError: (error: unknown) => void): ClaimPump {
  let state: PumpState = 'idle';
  let running: Promise<void> = Promise.resolve();
  // A function, so the compiler does not carry the narrowing of `state` across the await of `round`.
  const wokenDuringRound = () => state === 'pumping-again';

  async function pump(): Promise<void> {
    try {
      do {
        state = 'pumping';
        await round();
      } while (wokenDuringRound());
    } catch (error) {
      onError(error);
    } finally {
      state = 'idle';
    }
  }

  return {
    get state() {
      return state;
    },
    wake() {
      if (state === 'idle') running = pump();
      else state = 'pumping-again';
    },
    settled: () => running,
  };
}
