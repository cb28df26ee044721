import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Owner } from '../accounts.ts';
import { isUniqueViolation, type Database } from '../db/database.ts';
import { idempotencyKeys, providerObjects, scheduledJobs } from '../db/schema.ts';
import { statementBatches } from '@store/embedded-postgres/statement-batches';
import type { KeyRecord } from '../idempotency.ts';
import type { PaymentRequestPlan } from './create.ts';

/**
 * The write of payment requests' creates, prepared once per database: for each, its customer if
 * new, the object, its jobs and its idempotency key's first answer, all or none, in one statement
 * that builds no SQL per call (building the inserts with drizzle cost a sixth of the simulator's
 * CPU per create) and that PostgreSQL plans once per connection. The creates that arrive while one
 * is being written are written together in the next (statementBatches): a statement's own cost,
 * not its rows', was most of a create's on the simulator's database. Each create is a row of one
 * JSON array; the optional rows are written only when given.
 *
 * A create alone (the common case, and every create of a quiet simulator) is written by a
 * statement that fails on a key another create took first, as before batches. A batch is written
 * by one where the key decides instead: a create whose key another took first (committed, or
 * earlier in the batch) writes nothing and is told so, without failing the statement, so that a
 * replay does not undo the batch it came in. That decision costs about a sixth of a statement
 * on PGlite, so only batches pay it. Keys are inserted in their order, so that two simulators
 * sharing a database lock the same keys in the same order and cannot deadlock.
 */
export function preparePaymentRequestWrite(db: Database) {
  const given = sql`jsonb_to_recordset(${sql.placeholder('creates')}::jsonb) as given(
    n int, business_id text, mode text,
    customer_id text, customer_reference text, customer_data jsonb,
    id text, data jsonb, internal jsonb, jobs jsonb,
    endpoint text, key text, request_hash text, status_code int, response jsonb)`;
  const keyColumns = sql.raw('business_id, mode, endpoint, key');
  const creates = db.$with('creates', {}).as(sql`select * from ${given}`);
  const keyInsert = (from: SQL) =>
    sql`insert into ${idempotencyKeys} (${keyColumns}, request_hash, status_code, response)
      select ${keyColumns}, request_hash, status_code, response from ${from}
      order by ${keyColumns}`;
  /** The rows of the creates in `source` (a WITH clause's name) but their keys. */
  const rowsOf = (source: SQL) => [
    db.$with('customer', {}).as(
      sql`insert into ${providerObjects} (id, kind, business_id, mode, parent_id, data)
        select customer_id, 'customer', business_id, mode, customer_reference, customer_data
        from ${source} where customer_id is not null`,
    ),
    db.$with('object', {}).as(
      sql`insert into ${providerObjects} (id, kind, business_id, mode, data, internal)
        select id, 'payment_request', business_id, mode, data, internal from ${source}`,
    ),
    db.$with('jobs', {}).as(
      sql`insert into ${scheduledJobs} (kind, business_id, mode, target_id, payload, run_at)
        select job.kind, source.business_id, source.mode, source.id, job.payload, job.run_at
        from ${source} as source,
          jsonb_to_recordset(source.jobs) as job(kind text, payload jsonb, run_at timestamptz)`,
    ),
  ];

  const keyConstraint = getTableConfig(idempotencyKeys).primaryKeys[0]?.getName();
  const writeOne = db
    .with(
      creates,
      db.$with('key', {}).as(keyInsert(sql`creates where key is not null`)),
      ...rowsOf(sql`creates`),
    )
    .select({ n: sql<number>`n` })
    .from(sql`creates`)
    .prepare('payment_request_create');

  // The first create of the batch for each key: the one whose answer the key stores.
  const firstOfKey = db.$with('first_of_key', {}).as(
    sql`select distinct on (${keyColumns}) * from creates where key is not null
      order by ${keyColumns}, n`,
  );
  const key = db
    .$with('key', {})
    .as(sql`${keyInsert(sql`first_of_key`)} on conflict do nothing returning ${keyColumns}`);
  const written = db.$with('written', {}).as(
    sql`select * from creates where key is null
      or n in (select n from first_of_key join key using (${keyColumns}))`,
  );
  const writeBatch = db
    .with(creates, firstOfKey, key, written, ...rowsOf(sql`written`))
    .select({ n: sql<number>`n` })
    .from(sql`written`)
    .prepare('payment_request_create_batch');

  const writeCreates = statementBatches(async (batch: readonly Record<string, unknown>[]) => {
    const rows = JSON.stringify(batch.map((create, n) => ({ n, ...create })));
    if (batch.length === 1) {
      try {
        await writeOne.execute({ creates: rows });
        return [true];
      } catch (error) {
        if (isUniqueViolation(error, keyConstraint)) return [false];
        throw error;
      }
    }
    const writtenCreates = new Set(
      (await writeBatch.execute({ creates: rows })).map((row) => Number(row.n)),
    );
    return batch.map((_, n) => writtenCreates.has(n));
  });

  /**
   * Writes a planned payment request with its key's first answer (null: a create without a key).
   * False when another create took the key first: nothing was written, and its answer is the
   * key's.
   */
  return (owner: Owner, plan: PaymentRequestPlan, keyRecord: KeyRecord | null) => {
    const now = Date.now();
    return writeCreates({
      business_id: owner.businessId,
      mode: owner.mode,
      customer_id: plan.newCustomer?.id ?? null,
      customer_reference: plan.newCustomer?.referenceId ?? null,
      customer_data: plan.newCustomer?.data ?? null,
      id: plan.paymentRequest.payment_request_id,
      data: plan.paymentRequest,
      internal: plan.internal,
      jobs: plan.jobs.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        run_at: new Date(now + job.delayMs).toISOString(),
      })),
      endpoint: keyRecord?.endpoint ?? null,
      key: keyRecord?.key ?? null,
      request_hash: keyRecord?.requestHash ?? null,
      status_code: keyRecord?.statusCode ?? null,
      response: keyRecord?.response ?? null,
    });
  };
}
export type PaymentRequestWrite = ReturnType<typeof preparePaymentRequestWrite>;
