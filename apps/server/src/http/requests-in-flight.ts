import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { clientAddressKey } from './client-address.ts';
import { RateLimitedError } from './rate-limits.ts';

/**
 * The requests one customer, and one client address, have this instance working on at once. Every
 * request's statements queue for the same database (one thread, under PGlite) and the same event
 * loop: one customer holding 300 reads of their own payments in flight made another customer's
 * reads wait 0.8 s instead of 3 ms, with nothing refused. Past a limit a request is refused at
 * once, 429 with a second to wait, before it does any work; a browser keeps at most six requests
 * to one origin in flight over HTTP/1.1, and the web app's screens make fewer at once. Counted in
 * this instance's memory (`REQUESTS_IN_FLIGHT_PER_CUSTOMER`, `REQUESTS_IN_FLIGHT_PER_ADDRESS`).
 */
export function createRequestsInFlight(limits: ServerConfig['rateLimits']['requestsInFlight']) {
  const counts = new Map<string, number>();

  /** Counts one more under `key`, or answers false at `max` (and counts nothing). */
  function enter(key: string, max: number): boolean {
    const count = counts.get(key) ?? 0;
    if (count >= max) return false;
    counts.set(key, count + 1);
    return true;
  }
  function leave(key: string): void {
    const count = (counts.get(key) ?? 1) - 1;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  }

  return {
    /**
     * Counts the request in, or refuses it (RATE_LIMIT_EXCEEDED, Retry-After 1); answers the call
     * that counts it out, once its answer is settled (none when no limit counted it).
     */
    take(request: FastifyRequest, customerId: string | undefined): (() => void) | undefined {
      const address = limits.perAddress > 0 ? `address:${clientAddressKey(request.ip)}` : undefined;
      const customer =
        limits.perCustomer > 0 && customerId !== undefined ? `customer:${customerId}` : undefined;
      if (address === undefined && customer === undefined) return undefined;
      if (address !== undefined && !enter(address, limits.perAddress)) {
        throw new RateLimitedError(1);
      }
      if (customer !== undefined && !enter(customer, limits.perCustomer)) {
        if (address !== undefined) leave(address);
        throw new RateLimitedError(1);
      }
      return () => {
        if (address !== undefined) leave(address);
        if (customer !== undefined) leave(customer);
      };
    },
  };
}
export type RequestsInFlight = ReturnType<typeof createRequestsInFlight>;
