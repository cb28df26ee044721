import { clientAddressKey } from './client-address.ts';
import { RateLimitedError } from './rate-limits.ts';

/** Addresses whose window is kept at most: past it, the windows with no hit left go first. */
const maxAddresses = 50_000;
const windowMs = 60_000;

/**
 * Creates per client address a minute, whoever is signed in: each customer has a budget of creates
 * (create-budget.ts), but one address signing in as many customers had as many budgets, and 30
 * customers from one address spent 300 creates at once of the merchant's provider limit, which
 * every customer shares. Counted in this instance's memory, so the creates' hot path writes
 * nothing more; instances behind a balancer each allow it (`CREATES_PER_ADDRESS_PER_MINUTE`, 0:
 * no limit). An exact sliding window: the wait is until the oldest create that counts leaves it.
 */
export function createAddressCreateLimit(max: number) {
  const windows = new Map<string, number[]>();

  function forgetIdle(now: number) {
    for (const [address, hits] of windows) {
      if ((hits.at(-1) ?? 0) <= now - windowMs) windows.delete(address);
    }
    // Every address busy within the minute: the oldest windows go, rather than memory without end.
    for (const address of windows.keys()) {
      if (windows.size <= maxAddresses) break;
      windows.delete(address);
    }
  }

  return {
    /** Counts a create from this address, or refuses it with 429 and the wait. */
    take(ip: string): void {
      if (max === 0) return;
      const now = Date.now();
      const address = clientAddressKey(ip);
      let hits = windows.get(address);
      if (!hits) {
        if (windows.size >= maxAddresses) forgetIdle(now);
        hits = [];
        windows.set(address, hits);
      }
      while (hits.length > 0 && (hits[0] ?? 0) <= now - windowMs) hits.shift();
      if (hits.length >= max) {
        throw new RateLimitedError(
          Math.max(1, Math.ceil(((hits[0] ?? now) + windowMs - now) / 1000)),
        );
      }
      hits.push(now);
    },
  };
}
export type AddressCreateLimit = ReturnType<typeof createAddressCreateLimit>;
