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

/**
 * The budget of creates for the paths that are not the payment create's own checked insert. A
 * count read apart from its insert lets creates racing each other pass it together (200 at once
 * gave 90 of 60), so each create is counted and written in one transaction that first takes its
 * customer's turn: one at a time per customer in this instance (so a flood waits in memory, not on
 * the pool's connections, which every customer shares), then under a lock on the customer in the
 * database, held to the commit (so instances sharing a PostgreSQL server count in turn too). Each
 * count sees every create committed before it.
 */
export function createCreateBudget(db: Database, limit: number) {
  const turns = new Map<string, Promise<unknown>>();

  /** Runs `task` after the customer's earlier ones in this instance have ended. */
  function inTurn<T>(customerId: string, task: () => Promise<T>): Promise<T> {
    const before = turns.get(customerId) ?? Promise.resolve();
    const mine = before.then(task);
    const settled = mine.catch(() => undefined);
    turns.set(customerId, settled);
    void settled.then(() => {
      if (turns.get(customerId) === settled) turns.delete(customerId);
    });
    return mine;
  }

  return {
    /**
     * Writes a create under the customer's budget: 429 with the wait when it is spent, unless
     * `isReplay` says the request repeats a create already recorded (its Idempotency-Key holds
     * one), which is answered whatever the budget since it costs the provider nothing new.
     * `write` runs in the transaction and must use the writer it is given; so must `isReplay`,
     * which also runs on the database before the turn.
     */
    spend<T>(
      caller: { appId: string; customerId: string },
      write: (tx: Database) => Promise<T>,
      isReplay?: (reader: Database) => Promise<boolean>,
    ): Promise<T> {
      if (limit === 0) return db.transaction(write);
      const refuseWhenSpent = async (reader: Database) => {
        const [row] = await reader
          .select({ wait: createWaitSeconds(caller.appId, caller.customerId, limit) })
          .from(sql`(select 1) as one`);
        const wait = row?.wait ?? 0;
        if (wait > 0 && !(await isReplay?.(reader))) throw new RateLimitedError(wait);
      };
      // A budget already spent is told at once, not after the customer's queue: a count only
      // falls as time passes, so this refuses nothing the turn's own count would let through.
      return refuseWhenSpent(db).then(() =>
        inTurn(caller.customerId, () =>
          db.transaction(async (tx) => {
            await tx.execute(
              sql`select pg_advisory_xact_lock(hashtextextended(${`create:${caller.customerId}`}, 0))`,
            );
            await refuseWhenSpent(tx);
            return write(tx);
          }),
        ),
      );
    },
  };
}
export type CreateBudget = ReturnType<typeof createCreateBudget>;
