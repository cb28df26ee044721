import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { RateLimitedError } from './rate-limits.ts';

/**
 * The seconds a customer must wait before another create (0: now), under one budget of `limit`
 * creates a minute, whatever they create: payments (card payments too: each records a payment),
 * payment methods (a method saved while paying is its payment's), refunds and subscriptions; a
 * subscription cycle's charge (a payment keyed `cycle:…`) is the provider's doing, not a create.
 * Each costs the merchant a provider create. Counted on the rows themselves, so a create writes
 * nothing more, by the database's `store_create_wait_seconds` (migration 0020), which says why it
 * is a function. `inTurn` takes the customer's lock to the end of the transaction before counting:
 * a statement or transaction that writes a create counts so, a read that only refuses early not.
 */
export function createWaitSeconds(
  appId: SQL | string,
  customerId: SQL | string,
  limit: SQL | number,
  { inTurn }: { inTurn: boolean },
): SQL<number> {
  return sql<number>`store_create_wait_seconds(${appId}, ${customerId}, ${limit}::int, ${sql.raw(String(inTurn))})`.mapWith(
    Number,
  );
}

/**
 * Takes the customer's turn to create, to the end of the transaction, whatever their budget: the
 * lock `store_create_wait_seconds` takes under a budget (migration 0020), for a rule of creates
 * other than the budget (the open subscriptions a customer may hold) that must hold however many
 * creates race each other. Taken again in a transaction that holds it already, it waits for
 * nothing.
 */
export function takeCreateTurn(tx: Database, customerId: string) {
  return tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`create:${customerId}`}, 0))`,
  );
}

/**
 * The budget of creates for the paths that are not the payment create's own checked insert (which
 * counts in its statement, under the same lock). A count read apart from its insert lets creates
 * racing each other pass it together (200 at once gave 90 of 60), so each create is counted and
 * written in one transaction that first takes its customer's turn: one at a time per customer in
 * this instance (so a flood waits in memory, not on the pool's connections, which every customer
 * shares), then under a lock on the customer in the database, held to the commit (so instances
 * sharing a PostgreSQL server count in turn too). Each count sees every create committed before it.
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
      // No budget to count, but still one at a time per customer here: a write may take the
      // customer's lock itself (the open subscriptions' limit), and a flood then waits in memory,
      // not on the pool's connections.
      if (limit === 0) return inTurn(caller.customerId, () => db.transaction(write));
      const refuseWhenSpent = async (reader: Database, inTurn: boolean) => {
        const [row] = await reader
          .select({ wait: createWaitSeconds(caller.appId, caller.customerId, limit, { inTurn }) })
          .from(sql`(select 1) as one`);
        const wait = row?.wait ?? 0;
        if (wait > 0 && !(await isReplay?.(reader))) throw new RateLimitedError(wait);
      };
      // A budget already spent is told at once, not after the customer's queue: a count only
      // falls as time passes, so this refuses nothing the turn's own count would let through.
      return refuseWhenSpent(db, false).then(() =>
        inTurn(caller.customerId, () =>
          db.transaction(async (tx) => {
            await refuseWhenSpent(tx, true);
            return write(tx);
          }),
        ),
      );
    },
  };
}
export type CreateBudget = ReturnType<typeof createCreateBudget>;
