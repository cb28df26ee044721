import { sql } from 'drizzle-orm';
import type { Owner } from '../accounts.ts';
import type { Database } from '../db/database.ts';
import { idempotencyKeys, providerObjects, scheduledJobs } from '../db/schema.ts';
import { writeBatches } from '../db/write-batches.ts';
import type { KeyRecord } from '../idempotency.ts';
import type { PaymentRequestPlan } from './create.ts';

/**
 * The write of payment requests' creates, prepared once per database: for each, its customer if
 * new, the object, its jobs and its idempotency key's first answer, all or none, in one statement
 * that builds no SQL per call (building the inserts with drizzle cost a sixth of the simulator's
 * CPU per create) and that PostgreSQL plans once per connection. The creates that arrive while one
 * is being written are written together in the next (writeBatches): a statement's own cost, not its
 * rows', was most of a create's on the simulator's database. Each create is a row of one JSON
 * array; the optional rows are written only when given.
 */
export function preparePaymentRequestWrite(db: Database) {
  const given = sql`jsonb_to_recordset(${sql.placeholder('creates')}::jsonb) as given(
    business_id text, mode text, customer_id text, customer_reference text, customer_data jsonb,
    id text, data jsonb, internal jsonb, jobs jsonb,
    endpoint text, key text, request_hash text, status_code int, response jsonb)`;
  const creates = db.$with('creates', {}).as(sql`select * from ${given}`);
  const customer = db.$with('customer', {}).as(
    sql`insert into ${providerObjects} (id, kind, business_id, mode, parent_id, data)
      select customer_id, 'customer', business_id, mode, customer_reference, customer_data
      from creates where customer_id is not null`,
  );
  const object = db.$with('object', {}).as(
    sql`insert into ${providerObjects} (id, kind, business_id, mode, data, internal)
      select id, 'payment_request', business_id, mode, data, internal from creates`,
  );
  const jobs = db.$with('jobs', {}).as(
    sql`insert into ${scheduledJobs} (kind, business_id, mode, target_id, payload, run_at)
      select job.kind, creates.business_id, creates.mode, creates.id, job.payload, job.run_at
      from creates, jsonb_to_recordset(creates.jobs) as job(kind text, payload jsonb, run_at timestamptz)`,
  );
  const key = db.$with('key', {}).as(
    sql`insert into ${idempotencyKeys} (business_id, mode, endpoint, key, request_hash, status_code, response)
      select business_id, mode, endpoint, key, request_hash, status_code, response
      from creates where key is not null`,
  );
  const write = db
    .with(creates, customer, object, jobs, key)
    .select({ written: sql<number>`1` })
    .from(sql`(select 1) as one`)
    .prepare('payment_request_create');
  const writeCreates = writeBatches<string>((rows) =>
    write.execute({ creates: `[${rows.join(',')}]` }),
  );

  /** Writes a planned payment request with its key's first answer (null: a create without a key). */
  return (owner: Owner, plan: PaymentRequestPlan, keyRecord: KeyRecord | null) => {
    const now = Date.now();
    return writeCreates(
      JSON.stringify({
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
      }),
    );
  };
}
export type PaymentRequestWrite = ReturnType<typeof preparePaymentRequestWrite>;
