import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { paymentMethods, payments, subscriptions } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/** The tables whose rows a customer's Idempotency-Key names, unique per app and customer. */
type KeyedTable = typeof payments | typeof paymentMethods | typeof subscriptions;

/** The row of `table` a customer's Idempotency-Key made, if any. */
export async function keyHolder<Table extends KeyedTable>(
  reader: Database,
  table: Table,
  owner: { appId: string; customerId: string },
  idempotencyKey: string,
): Promise<Table['$inferSelect'] | undefined> {
  const keyed = table as KeyedTable;
  const [row] = await reader
    .select()
    .from(keyed)
    .where(
      and(
        eq(keyed.appId, owner.appId),
        eq(keyed.customerId, owner.customerId),
        eq(keyed.idempotencyKey, idempotencyKey),
      ),
    );
  return row as Table['$inferSelect'] | undefined;
}

/**
 * A create under an Idempotency-Key, the same way for every resource: an insert that does nothing
 * when the customer already used the key, then the row that holds the key, refused with 409 when
 * it was made from another request. Answers the new row, or the earlier one to answer again.
 */
export async function idempotentCreate<Row extends { requestHash: string | null }>(steps: {
  insert: () => Promise<Row | null | undefined>;
  holder: () => Promise<Row | undefined>;
  requestHash: string;
  /** What the key was used for, in the refusal's words ("order", "payment method"). */
  resource: string;
}): Promise<{ created: Row; earlier?: never } | { earlier: Row; created?: never }> {
  const created = await steps.insert();
  if (created) return { created };
  const earlier = await steps.holder();
  // The insert conflicted on the key, so a row holds it: its absence is a broken database.
  if (!earlier) throw new Error('idempotency conflict without a row');
  return { earlier: sameRequest(earlier, steps.requestHash, steps.resource) };
}

/** The row an Idempotency-Key holds, if it was made from this request; 409 otherwise. */
export function sameRequest<Row extends { requestHash: string | null }>(
  earlier: Row,
  requestHash: string,
  resource: string,
): Row {
  if (earlier.requestHash !== requestHash) {
    throw new AppError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      `This Idempotency-Key was used for another ${resource}`,
    );
  }
  return earlier;
}
