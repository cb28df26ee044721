import {
  REFUND_TEST_AMOUNTS,
  type CreateRefundBody,
  type Payment,
  type PaymentRequest,
  type Refund,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible, notFound, validationError } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { newRefundId } from '../ids.ts';
import { scheduleJob } from '../jobs.ts';
import { CHANNELS } from '../channels.ts';
import { childrenOf, insertObject, loadObject, objectsOf, saveObject } from '../objects.ts';
import {
  loadPaymentRequest,
  refuseExcessDecimals,
  requestedAmount,
} from '../payment-requests/service.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

/** Amounts compared in hundredths, so that PHP centavos add up exactly. */
const hundredths = (amount: number) => Math.round(amount * 100);

/**
 * What a refund can give back: the amount captured, which a partial capture of an authorisation
 * leaves below the request's amount ("less than or equal to unrefunded capture amount", the
 * description's Payments_API_Http400RefundAmountExceeded).
 */
async function capturedAmount(tx: Database, owner: Owner, paymentRequest: PaymentRequest) {
  const paymentId = paymentRequest.latest_payment_id;
  const payment = paymentId
    ? await loadObject<Payment>(tx, owner, 'payment', paymentId)
    : undefined;
  const captures = payment?.data.captures;
  if (!captures?.length) return requestedAmount(paymentRequest);
  return captures.reduce((sum, capture) => sum + hundredths(capture.capture_amount), 0) / 100;
}

export async function createRefund(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: CreateRefundBody,
): Promise<Refund> {
  const paymentRequest: PaymentRequest = (
    await loadPaymentRequest(tx, owner, body.payment_request_id, true)
  ).data;
  if (paymentRequest.status !== 'SUCCEEDED') {
    throw ineligible('payment request', paymentRequest.status, 'refunded');
  }
  if (body.currency !== undefined && body.currency !== paymentRequest.currency) {
    throw validationError([
      { path: 'currency', message: `must be ${paymentRequest.currency}, the payment's currency` },
    ]);
  }
  if (body.amount !== undefined)
    refuseExcessDecimals(body.amount, paymentRequest.currency, 'amount');
  const earlier = await childrenOf<Refund>(tx, 'refund', paymentRequest.payment_request_id);
  // One refund of a payment at a time, as the provider: its error scenarios page, and
  // Payments_API_Http400RefundInProgress in the published description (its message word for word).
  if (earlier.some((refund) => refund.status === 'PENDING')) {
    throw new ApiError(
      400,
      'REFUND_IN_PROGRESS',
      'Please wait for the pending refund request to be completed before initiating a new one.',
    );
  }
  const refunded = earlier
    .filter((refund) => refund.status !== 'FAILED' && refund.status !== 'CANCELLED')
    .reduce((sum, refund) => sum + hundredths(refund.amount), 0);
  const remaining = hundredths(await capturedAmount(tx, owner, paymentRequest)) - refunded;
  const amount = body.amount ?? remaining / 100;
  if (remaining <= 0 || hundredths(amount) > remaining) {
    throw new ApiError(
      400,
      'REFUND_AMOUNT_EXCEEDED',
      `The refund amount exceeds what is left to refund (${remaining / 100} ${paymentRequest.currency})`,
    );
  }
  const id = newRefundId();
  const now = new Date().toISOString();
  const refund: Refund = {
    id,
    payment_request_id: paymentRequest.payment_request_id,
    payment_id: paymentRequest.latest_payment_id,
    reference_id: body.reference_id,
    channel_code: paymentRequest.channel_code,
    payment_method_type: paymentMethodTypeOf(paymentRequest.channel_code),
    country: paymentRequest.country,
    currency: paymentRequest.currency,
    amount,
    status: 'PENDING',
    reason: body.reason,
    metadata: body.metadata,
    created: now,
    updated: now,
  };
  await insertObject(tx, owner, 'refund', id, refund, {}, paymentRequest.payment_request_id);
  await scheduleJob(tx, owner, 'refund.settle', id, ctx.asyncDelayMs);
  return refund;
}

/**
 * Reads, lists and cancels refunds as the provider's official SDKs call them (xendit-node 7
 * RefundApi getRefund, getAllRefunds, cancelRefund; xendit-php docs/RefundApi.md). The published
 * description has only POST /refunds, so the SDKs' refund models are the description of record:
 * Refund (id, payment_request_id, amount, channel_code, country, currency, reference_id,
 * failure_code, refund_fee_amount, created, updated, metadata; status and reason as in the refund
 * webhook) and RefundList ({data, has_more}).
 */
export async function getRefund(db: Database, owner: Owner, id: string): Promise<Refund> {
  const stored = await loadObject<Refund>(db, owner, 'refund', id);
  if (!stored) throw notFound('refund', id);
  return stored.data;
}

/** What the SDKs' getAllRefunds sends: filters, and a page of `limit` after or before an id. */
export type RefundQuery = {
  payment_request_id?: string;
  invoice_id?: string;
  payment_method_type?: string;
  channel_code?: string;
  limit?: string;
  after_id?: string;
  before_id?: string;
};

/** A page size the SDKs leave open: 10 unless asked, at most 100 (a choice of the simulator). */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

export async function listRefunds(
  db: Database,
  owner: Owner,
  query: RefundQuery,
): Promise<{ data: Refund[]; has_more: boolean }> {
  const limit = query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw validationError([
      { path: 'limit', message: `must be a whole number from 1 to ${MAX_LIMIT}` },
    ]);
  }
  if (query.after_id !== undefined && query.before_id !== undefined) {
    throw validationError([{ path: 'before_id', message: 'cannot be sent with after_id' }]);
  }
  // The simulator has no invoices, so no refund is of one.
  const matching = (await objectsOf<Refund>(db, owner, 'refund')).filter(
    (refund) =>
      query.invoice_id === undefined &&
      (query.payment_request_id === undefined ||
        refund.payment_request_id === query.payment_request_id) &&
      (query.channel_code === undefined || refund.channel_code === query.channel_code) &&
      (query.payment_method_type === undefined ||
        refund.payment_method_type === query.payment_method_type),
  );
  const cursor = query.after_id ?? query.before_id;
  const at = cursor === undefined ? -1 : matching.findIndex((refund) => refund.id === cursor);
  if (cursor !== undefined && at < 0) {
    throw validationError([
      { path: query.after_id ? 'after_id' : 'before_id', message: 'is not a refund of this list' },
    ]);
  }
  if (query.before_id !== undefined) {
    const start = Math.max(0, at - limit);
    return { data: matching.slice(start, at), has_more: start > 0 };
  }
  const start = at + 1;
  return {
    data: matching.slice(start, start + limit),
    has_more: matching.length > start + limit,
  };
}

/** A refund still PENDING is CANCELLED (double L, as the provider spells it for refunds). */
export async function cancelRefund(tx: Database, owner: Owner, id: string): Promise<Refund> {
  const stored = await loadObject<Refund>(tx, owner, 'refund', id, { forUpdate: true });
  if (!stored) throw notFound('refund', id);
  if (stored.data.status !== 'PENDING') throw ineligible('refund', stored.data.status, 'cancelled');
  const cancelled: Refund = {
    ...stored.data,
    status: 'CANCELLED',
    updated: new Date().toISOString(),
  };
  await saveObject(tx, id, cancelled);
  return cancelled;
}

/**
 * The payment method type the refund webhooks and the SDKs' refund filter name; the description's
 * refund schema knows three (CARD, EWALLET, DIRECT_DEBIT), so the other channels show none.
 */
function paymentMethodTypeOf(channelCode: string): string | undefined {
  const kind = CHANNELS[channelCode]?.kind;
  if (kind === 'CARDS') return 'CARD';
  if (kind === 'EWALLET_REDIRECT' || kind === 'EWALLET_PUSH') return 'EWALLET';
  if (kind === 'DIRECT_DEBIT') return 'DIRECT_DEBIT';
  return undefined;
}

/**
 * A pending refund settles: SUCCEEDED with refund.succeeded, or, for the test amount that fails,
 * FAILED with refund.failed.
 */
export async function runRefundSettleJob(tx: Database, owner: Owner, id: string) {
  const stored = await loadObject<Refund>(tx, owner, 'refund', id, { forUpdate: true });
  if (!stored || stored.data.status !== 'PENDING') return;
  const fails = hundredths(stored.data.amount) === hundredths(REFUND_TEST_AMOUNTS.failsLater);
  await settleRefund(tx, owner, stored.data, fails ? 'FAILED' : 'SUCCEEDED');
}

/** Ends a pending test-mode refund now, with its webhook (a development shortcut). */
export async function endRefund(
  tx: Database,
  owner: Owner,
  id: string,
  status: 'SUCCEEDED' | 'FAILED',
): Promise<Refund> {
  const stored = await loadObject<Refund>(tx, owner, 'refund', id, { forUpdate: true });
  if (!stored) throw notFound('refund', id);
  if (stored.data.status !== 'PENDING') {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `Refund ${id} is ${stored.data.status} and can no longer change`,
    );
  }
  return settleRefund(tx, owner, stored.data, status);
}

async function settleRefund(
  tx: Database,
  owner: Owner,
  pending: Refund,
  status: 'SUCCEEDED' | 'FAILED',
): Promise<Refund> {
  const refund: Refund = {
    ...pending,
    status,
    ...(status === 'FAILED' ? { failure_code: 'INSUFFICIENT_BALANCE' } : {}),
    updated: new Date().toISOString(),
  };
  await saveObject(tx, refund.id, refund);
  await enqueueWebhook(
    tx,
    owner,
    status === 'FAILED' ? 'refund.failed' : 'refund.succeeded',
    refund,
  );
  return refund;
}
