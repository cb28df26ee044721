import { sql } from 'drizzle-orm';
import { errorCodes } from '@store/contract';
import type { Database } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema.ts';
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

/** 429 RATE_LIMIT_EXCEEDED, with the seconds until the window ends for Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      errorCodes.rateLimited,
      `Too many requests: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
    );
  }
}

/**
 * Fixed-window counters in the database, so every store instance on one PostgreSQL counts
 * against the same limits. A hit is one statement: it starts a new window when the old one has
 * passed, or counts one more in it.
 */
export function createRateLimiter(db: Database) {
  async function hit(limit: Limit): Promise<number> {
    const window = sql`make_interval(secs => ${limit.windowSeconds})`;
    const stale = sql`${rateLimitCounters.windowStart} <= now() - ${window}`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key: limit.key, windowStart: sql`now()`, count: 1 })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${stale} then 1 else ${rateLimitCounters.count} + 1 end`,
          windowStart: sql`case when ${stale} then now() else ${rateLimitCounters.windowStart} end`,
        },
      })
      .returning({
        count: rateLimitCounters.count,
        retryAfter: sql<number>`ceil(extract(epoch from (${rateLimitCounters.windowStart} + ${window} - now())))::int`,
      });
    if (!row || row.count <= limit.max) return 0;
    return Math.max(1, Number(row.retryAfter));
  }

  return {
    /** Counts a hit on every limit; over any of them, throws 429 with the longest wait. */
    async enforce(limits: readonly Limit[]): Promise<void> {
      let wait = 0;
      for (const limit of limits) wait = Math.max(wait, await hit(limit));
      if (wait > 0) throw new RateLimitedError(wait);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
