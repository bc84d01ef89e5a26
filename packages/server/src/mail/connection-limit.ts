/**
 * Slots per client (open connections, messages in progress), so one client cannot hold every slot of the SMTP
 * listener. A small counter keyed by client (`clientKey`: an IPv6 /64 is one client): `acquire` says whether a
 * new one fits, `release` gives the slot back.
 *
 * @example
 * const limit = new ConnectionLimit(10);
 * if (!limit.acquire('203.0.113.7')) refuse(); // ... later, on close: limit.release('203.0.113.7')
 */
export class ConnectionLimit {
  readonly #open = new Map<string, number>();

  /** @param maxPerAddress connections one address may hold open at once, at least 1 */
  constructor(readonly maxPerAddress: number) {}

  /** Takes a slot for the address; `false` (nothing taken) when it already holds `maxPerAddress`. */
  acquire(address: string): boolean {
    const open = this.#open.get(address) ?? 0;
    if (open >= this.maxPerAddress) return false;
    this.#open.set(address, open + 1);
    return true;
  }

  /** Slots the address holds now. */
  count(address: string): number {
    return this.#open.get(address) ?? 0;
  }

  /** Gives back a slot taken by {@link acquire}. */
  release(address: string): void {
    const open = (this.#open.get(address) ?? 0) - 1;
    if (open > 0) this.#open.set(address, open);
    else this.#open.delete(address);
  }
}
