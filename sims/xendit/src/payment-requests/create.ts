import type { SQLWrapper } from 'drizzle-orm';
import type {
  CreatePaymentRequestBody,
  PaymentRequest,
  ShownChannelProperties,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import type { Outcome } from '../cards.ts';
import type { Database } from '../db/database.ts';
import { writeTogether } from '../db/write-together.ts';
import { newPaymentRequestId } from '../ids.ts';
import { customerInsert, type NewCustomer } from '../customers/service.ts';
import { jobInsert, type JobKind } from '../jobs.ts';
import { objectInsert } from '../objects.ts';
import type { SimContext } from '../sim-context.ts';
import { firstStep } from './channel-actions.ts';
import { checkCreateCall } from './create-checks.ts';
import { settle } from './settle.ts';
import type { PaymentRequestInternal } from './stored.ts';

// Creating a payment request: the checks, the channel's first step, then the object and the jobs
// that will expire or settle it, as rows the caller writes in one statement.

export type CreateSource = {
  sessionId?: string;
  /**
   * A charge the merchant starts on a saved method without the customer (a subscription cycle):
   * its outcome, settled in the create call, in place of the one the amount or channel would give.
   */
  merchantInitiated?: Outcome;
};

/** A job a create schedules, not yet written: due `delayMs` after it is written. */
export type PlannedJob = { kind: JobKind; delayMs: number; payload?: Record<string, unknown> };

/** A payment request worked out from a create call, with the rows that make it, not yet written. */
export type PaymentRequestPlan = {
  paymentRequest: PaymentRequest;
  internal: PaymentRequestInternal;
  /** A customer the call names for the first time. */
  newCustomer: NewCustomer | undefined;
  /** The request's expiry and its outcome to come, when it has them. */
  jobs: PlannedJob[];
  /** Settled in the create call itself (cards without 3DS, payments with a saved e-wallet or card). */
  immediate?: Outcome;
};

/** A plan's rows as inserts, not yet run (see writeTogether). */
export function paymentRequestInserts(
  db: Database,
  owner: Owner,
  plan: PaymentRequestPlan,
): SQLWrapper[] {
  const id = plan.paymentRequest.payment_request_id;
  return [
    ...(plan.newCustomer ? [customerInsert(db, owner, plan.newCustomer)] : []),
    objectInsert(db, owner, 'payment_request', id, plan.paymentRequest, plan.internal),
    ...plan.jobs.map((job) => jobInsert(db, owner, job.kind, id, job.delayMs, job.payload)),
  ];
}

/**
 * Checks a create call and works out its payment request: reads only, so that the caller can
 * write it in one statement with its idempotency key (see create-statement.ts, writeTogether).
 */
export async function planPaymentRequest(
  ctx: SimContext,
  db: Database,
  owner: Owner,
  body: CreatePaymentRequestBody,
  source: CreateSource = {},
): Promise<PaymentRequestPlan> {
  const checked = await checkCreateCall(db, owner, body);
  const id = newPaymentRequestId();
  const now = new Date().toISOString();
  const { card_details: card, ...entered } = body.channel_properties ?? {};
  const channelProperties: ShownChannelProperties = entered;
  const internal: PaymentRequestInternal = { sessionId: source.sessionId };
  const step = firstStep(ctx, id, body, checked, channelProperties, card);
  const { status, actions, challenge } = step;
  const settlesByItself = step.immediate !== undefined || step.later !== undefined;
  const immediate =
    source.merchantInitiated && settlesByItself ? source.merchantInitiated : step.immediate;
  const later = source.merchantInitiated && settlesByItself ? undefined : step.later;
  if (challenge) internal.challenge = challenge;

  const paymentRequest: PaymentRequest = {
    payment_request_id: id,
    business_id: owner.businessId,
    reference_id: body.reference_id,
    type: body.type,
    country: body.country,
    currency: body.currency,
    request_amount: body.request_amount,
    capture_method: body.capture_method ?? 'AUTOMATIC',
    channel_code: checked.channelCode,
    channel_properties: channelProperties,
    payment_token_id: body.payment_token_id,
    customer_id: checked.customerId,
    actions,
    status,
    description: body.description,
    items: body.items,
    shipping_information: body.shipping_information,
    metadata: body.metadata,
    created: now,
    updated: now,
  };
  const jobs: PlannedJob[] = [];
  if (typeof channelProperties.expires_at === 'string' && status === 'REQUIRES_ACTION') {
    const expiresInMs = Math.max(0, Date.parse(channelProperties.expires_at) - Date.now());
    jobs.push({ kind: 'payment_request.expire', delayMs: expiresInMs });
  } else if (step.expiresInMs !== undefined && status === 'REQUIRES_ACTION' && !immediate) {
    jobs.push({ kind: 'payment_request.expire', delayMs: step.expiresInMs });
  }
  if (later !== undefined) {
    jobs.push({
      kind: 'payment_request.outcome',
      delayMs: ctx.asyncDelayMs,
      payload: { outcome: later },
    });
  }
  return { paymentRequest, internal, newCustomer: checked.newCustomer, jobs, immediate };
}

export async function createPaymentRequest(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: CreatePaymentRequestBody,
  source: CreateSource = {},
): Promise<PaymentRequest> {
  const plan = await planPaymentRequest(ctx, tx, owner, body, source);
  await writeTogether(tx, paymentRequestInserts(tx, owner, plan));
  const { paymentRequest, internal, immediate } = plan;
  if (immediate) return settle(ctx, tx, owner, { data: paymentRequest, internal }, immediate);
  return paymentRequest;
}
