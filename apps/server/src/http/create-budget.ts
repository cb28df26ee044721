import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { paymentMethods, payments, refunds, subscriptions } from '../db/schema.ts';
import { RateLimitedError } from './rate-limits.ts';

/**
 * The seconds a customer must wait before another create (0: now), under one budget of `limit`
 * creates a minute, whatever they create: payments (card payments too: each records a payment),
 * payment methods (a method saved while paying is its payment's), refunds and subscriptions; a
 * subscription cycle's charge (a payment keyed `cycle:…`) is the provider's doing, not a create. Each costs the
 * merchant a provider create. Counted on the rows themselves, newest first on each table's
 * customer index, so a create writes nothing more; an exact sliding window of one minute, the wait
 * being until the oldest create that counts leaves it.
 */
export function createWaitSeconds(
  appId: SQL | string,
  customerId: SQL | string,
  limit: SQL | number,
): SQL<number> {
  const recent = (
    table: typeof payments | typeof paymentMethods | typeof refunds | typeof subscriptions,
    extra: SQL = sql`true`,
  ) => sql`(select ${table.createdAt} as at from ${table}
      where ${table.appId} = ${appId} and ${table.customerId} = ${customerId}
        and ${table.createdAt} > now() - interval '1 minute' and ${extra}
      order by ${table.createdAt} desc limit ${limit}::int)`;
  return sql<number>`case when ${limit}::int = 0 then 0 else (
      select case when count(*) >= ${limit}::int
        then greatest(1, ceil(extract(epoch from min(at) + interval '1 minute' - now())))::int
        else 0 end
      from (select at from (
          ${recent(payments, sql`${payments.idempotencyKey} not like 'cycle:%'`)}
          union all ${recent(paymentMethods, sql`${paymentMethods.paymentId} is null`)}
          union all ${recent(refunds)}
          union all ${recent(subscriptions)}
        ) as creates order by at desc limit ${limit}::int) as counted) end`.mapWith(Number);
}

/** The budget of creates for the paths that are not the payment create's own prepared read. */
export function createCreateBudget(db: Database, limit: number) {
  return {
    /**
     * 429 with the wait when the customer has spent their budget. `isReplay` says whether the
     * request repeats a create already recorded (its Idempotency-Key holds one): that is answered
     * whatever the budget, since it costs the provider nothing new.
     */
    async enforce(
      caller: { appId: string; customerId: string },
      isReplay?: () => Promise<boolean>,
    ): Promise<void> {
      if (limit === 0) return;
      const [row] = await db
        .select({ wait: createWaitSeconds(caller.appId, caller.customerId, limit) })
        .from(sql`(select 1) as one`);
      const wait = row?.wait ?? 0;
      if (wait > 0 && !(await isReplay?.())) throw new RateLimitedError(wait);
    },
  };
}
export type CreateBudget = ReturnType<typeof createCreateBudget>;
