import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { errorCodes } from '@store/contract';
import type { Database } from '../db/database.ts';
import { rateLimitWindows } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/**
 * One limit: at most `max` hits of `key` per window. A key names what a client cannot vary: the
 * client address, the app, the verified customer, the payment; never a raw header.
 */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** The PROVIDER_READS_PER_* figures, which bound provider reads and provider verbs alike. */
type ProviderFigures = {
  providerReadsPerCustomerPerMinute: number;
  providerReadsPerAppPerMinute: number;
};

/**
 * The limits of a customer's request that calls the provider every time it is sent (a verb on a
 * payment, a plan or a method; a card session's completion): on the merchant's key, so counted per
 * customer, that one customer's loop cannot spend the app's calls, and per app, with the figures of
 * the provider reads (PROVIDER_READS_PER_*). A figure of 0, which stops payment reads from asking
 * the provider, sets no limit here: a customer must still be able to cancel.
 */
export function providerCallLimits(
  figures: ProviderFigures,
  caller: { appId: string; customerId: string },
): Limit[] {
  return customerAndAppLimits('provider-call', figures, caller).filter((limit) => limit.max > 0);
}

/** A minute's window per customer and per app, with the PROVIDER_READS_PER_* figures. */
function customerAndAppLimits(
  kind: 'provider-call' | 'provider-read',
  figures: ProviderFigures,
  caller: { appId: string; customerId: string },
): Limit[] {
  return [
    {
      key: `${kind}:customer:${caller.customerId}`,
      max: figures.providerReadsPerCustomerPerMinute,
      windowSeconds: 60,
    },
    {
      key: `${kind}:app:${caller.appId}`,
      max: figures.providerReadsPerAppPerMinute,
      windowSeconds: 60,
    },
  ];
}

/**
 * Whether a record (a payment or a method the provider may still change) is due a read that asks
 * the provider for news: at least 2 s since the last such read, or since it last changed. A read
 * claims it by setting provider_read_at where this holds, so one caller per interval wins across
 * every store instance, by the database's clock.
 */
export const newsReadDue = (columns: { providerReadAt: AnyColumn; updatedAt: AnyColumn }): SQL =>
  sql`coalesce(${columns.providerReadAt}, ${columns.updatedAt}) < now() - interval '2 seconds'`;

/**
 * The limits of a customer's read of a record that may ask the provider for news, past its
 * spacing:
 * - per record, at most 10 in any 50 minutes (under 300 a day): each such read is a provider call
 *   and an exchange in the record's log, so a record polled while it stays open does not grow its
 *   log by 43,200 a day; a record the customer comes back to after a while has its reads again;
 * - per customer and per app (PROVIDER_READS_PER_*), so one customer polling many open records
 *   cannot spend the provider's rate limit that every customer's creates need.
 * Past them the read answers the store's own record, which webhooks keep current.
 */
export function providerReadLimits(
  figures: ProviderFigures,
  caller: { appId: string; customerId: string },
  recordId: string,
): Limit[] {
  return [
    { key: `provider-read:record:${recordId}`, max: 10, windowSeconds: 50 * 60 },
    ...customerAndAppLimits('provider-read', figures, caller),
  ];
}

/**
 * The limits of "Run next cycle now" on one subscription, in any 50 minutes: each run reads the
 * plan's cycles from the provider (calls kept in the subscription's log) and charges one (a cycle
 * in its list), both read whole with the subscription, so a loop of runs must not grow them by
 * thousands a day. A run that finds no cycle scheduled yet (the provider schedules the next a
 * moment after the last) spends only the looser `read` budget (30), so a developer told to wait a
 * moment is not locked out of the 10 runs. Taken only for the subscription's own customer.
 */
export const subscriptionRunLimit = (subscriptionId: string, step: 'read' | 'run'): Limit => ({
  key: `subscription-${step}:${subscriptionId}`,
  max: step === 'read' ? 30 : 10,
  windowSeconds: 50 * 60,
});

/** 429 RATE_LIMIT_EXCEEDED, with the seconds until a hit is free again, for Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      errorCodes.rateLimited,
      `Too many requests: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
    );
  }
}

/** Limits remembered full at most: past it, those whose wait is over go first, then all. */
const maxRememberedFull = 10_000;

/**
 * Sliding windows in the database, so that every store instance on one PostgreSQL counts against
 * the same limits: a limit's row keeps the times of the hits it let through, and a hit passes
 * while fewer than `max` of them are younger than the window. The limits of one request are taken
 * in one transaction, all or none: a request one limit refuses counts against no other (one
 * address refused at sign-in takes nothing from its app's budget).
 *
 * A window found full stays full until its oldest hit leaves it, since every instance only adds
 * hits: until then this instance refuses the limit's next hits from memory, with no transaction.
 * Each refusal was a locked read and a write, in turn with every other statement of the store's
 * database: 436 refused sign-ins a second from one address took most of a core and made other
 * customers' reads 30 times slower.
 */
export function createRateLimiter(db: Database) {
  type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
  /** Limits found full, and until when (this process's clock, in ms). */
  const fullUntil = new Map<string, number>();

  function rememberFull(key: string, waitSeconds: number, now: number): void {
    if (fullUntil.size >= maxRememberedFull) {
      for (const [other, until] of fullUntil) if (until <= now) fullUntil.delete(other);
      if (fullUntil.size >= maxRememberedFull) fullUntil.clear();
    }
    fullUntil.set(key, now + waitSeconds * 1000);
  }

  /** The longest wait, in seconds, of the limits remembered full; 0 when none is. */
  function rememberedWait(limits: readonly Limit[], now: number): number {
    let wait = 0;
    for (const limit of limits) {
      const until = fullUntil.get(limit.key);
      if (until === undefined) continue;
      if (until > now) wait = Math.max(wait, (until - now) / 1000);
      else fullUntil.delete(limit.key);
    }
    return wait;
  }

  /**
   * Takes a hit from one limit; answers the seconds to wait when it has none left (0: taken),
   * to the fraction: the time its oldest counted hit leaves the window.
   */
  async function take(tx: Transaction, limit: Limit): Promise<number> {
    // The row exists before it is locked, so that the first hits of a new key queue like others.
    await tx
      .insert(rateLimitWindows)
      .values({ key: limit.key })
      .onConflictDoNothing({ target: rateLimitWindows.key });
    // The database's clock, so that every instance agrees on the window.
    const [row] = await tx
      .select({
        hits: rateLimitWindows.hits,
        now: sql<number>`extract(epoch from clock_timestamp())::float8`.mapWith(Number),
      })
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, limit.key))
      .for('update');
    if (!row) throw new Error(`rate-limit window ${limit.key} vanished while locked`);
    const recent = row.hits
      .filter((hit) => hit > row.now - limit.windowSeconds)
      .sort((a, b) => a - b);
    const allowed = recent.length < limit.max;
    await tx
      .update(rateLimitWindows)
      .set({ hits: allowed ? [...recent, row.now] : recent, lastHitAt: sql`now()` })
      .where(eq(rateLimitWindows.key, limit.key));
    if (allowed) return 0;
    // The hit that must leave the window before another fits in it.
    const leaving = recent[recent.length - limit.max] ?? row.now;
    return Math.max(0.001, leaving + limit.windowSeconds - row.now);
  }

  /** Takes a hit from every limit, or from none: over any of them, 429 with the longest wait. */
  async function enforce(limits: readonly Limit[]): Promise<void> {
    const remembered = rememberedWait(limits, Date.now());
    if (remembered > 0) throw new RateLimitedError(Math.max(1, Math.ceil(remembered)));
    await db.transaction(async (tx) => {
      let wait = 0;
      for (const limit of limits) {
        const limitWait = await take(tx, limit);
        if (limitWait > 0) rememberFull(limit.key, limitWait, Date.now());
        wait = Math.max(wait, limitWait);
      }
      // Refused: the transaction rolls back, so no limit counts this request.
      if (wait > 0) throw new RateLimitedError(Math.max(1, Math.ceil(wait)));
    });
  }

  return {
    enforce,

    /**
     * Takes a hit from every limit, or from none, for work a request may go without (a read
     * of news from the provider): answers whether it was taken, instead of refusing the request.
     */
    async tryTake(limits: readonly Limit[]): Promise<boolean> {
      try {
        await enforce(limits);
        return true;
      } catch (error) {
        if (error instanceof RateLimitedError) return false;
        throw error;
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
