import { sql } from 'drizzle-orm';
import type { Owner } from '../accounts.ts';
import type { Database } from '../db/database.ts';
import { idempotencyKeys, providerObjects, scheduledJobs } from '../db/schema.ts';
import type { KeyRecord } from '../idempotency.ts';
import type { PaymentRequestPlan } from './create.ts';

/**
 * The write of a payment request's create, prepared once per database: its customer if new, the
 * object, its jobs and its idempotency key's first answer, all or none, in one statement that
 * builds no SQL per call (building the inserts with drizzle cost a sixth of the simulator's CPU per
 * create) and that PostgreSQL plans once per connection. JSON values are passed as text; the
 * optional rows are selected only when given.
 */
export function preparePaymentRequestWrite(db: Database) {
  const param = sql.placeholder;
  const businessId = sql`${param('businessId')}::text`;
  const mode = sql`${param('mode')}::text`;
  const customer = db.$with('customer', {}).as(
    sql`insert into ${providerObjects} (id, kind, business_id, mode, parent_id, data)
      select ${param('customerId')}::text, 'customer', ${businessId}, ${mode},
        ${param('customerReference')}::text, ${param('customerData')}::jsonb
      where ${param('customerId')}::text is not null`,
  );
  const object = db.$with('object', {}).as(
    sql`insert into ${providerObjects} (id, kind, business_id, mode, data, internal)
      values (${param('id')}::text, 'payment_request', ${businessId}, ${mode},
        ${param('data')}::jsonb, ${param('internal')}::jsonb)`,
  );
  const jobs = db.$with('jobs', {}).as(
    sql`insert into ${scheduledJobs} (kind, business_id, mode, target_id, payload, run_at)
      select job.kind, ${businessId}, ${mode}, ${param('id')}::text, job.payload, job.run_at
      from jsonb_to_recordset(${param('jobs')}::jsonb) as job(kind text, payload jsonb, run_at timestamptz)`,
  );
  const key = db.$with('key', {}).as(
    sql`insert into ${idempotencyKeys} (business_id, mode, endpoint, key, request_hash, status_code, response)
      select ${businessId}, ${mode}, ${param('endpoint')}::text, ${param('key')}::text,
        ${param('requestHash')}::text, ${param('statusCode')}::int, ${param('response')}::jsonb
      where ${param('key')}::text is not null`,
  );
  const write = db
    .with(customer, object, jobs, key)
    .select({ written: sql<number>`1` })
    .from(sql`(select 1) as one`)
    .prepare('payment_request_create');

  /** Writes a planned payment request with its key's first answer (null: a create without a key). */
  return async (owner: Owner, plan: PaymentRequestPlan, keyRecord: KeyRecord | null) => {
    const now = Date.now();
    await write.execute({
      businessId: owner.businessId,
      mode: owner.mode,
      customerId: plan.newCustomer?.id ?? null,
      customerReference: plan.newCustomer?.referenceId ?? null,
      customerData: plan.newCustomer ? JSON.stringify(plan.newCustomer.data) : null,
      id: plan.paymentRequest.payment_request_id,
      data: JSON.stringify(plan.paymentRequest),
      internal: JSON.stringify(plan.internal),
      jobs: JSON.stringify(
        plan.jobs.map((job) => ({
          kind: job.kind,
          payload: job.payload ?? {},
          run_at: new Date(now + job.delayMs).toISOString(),
        })),
      ),
      endpoint: keyRecord?.endpoint ?? null,
      key: keyRecord?.key ?? null,
      requestHash: keyRecord?.requestHash ?? null,
      statusCode: keyRecord?.statusCode ?? null,
      response: keyRecord ? JSON.stringify(keyRecord.response) : null,
    });
  };
}
export type PaymentRequestWrite = ReturnType<typeof preparePaymentRequestWrite>;
