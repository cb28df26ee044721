import {
  REFUND_TEST_AMOUNTS,
  type CreateRefundBody,
  type PaymentRequest,
  type Refund,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible, notFound, validationError } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { newRefundId } from '../ids.ts';
import { scheduleJob } from '../jobs.ts';
import { childrenOf, insertObject, loadObject, saveObject } from '../objects.ts';
import { loadPaymentRequest } from '../payment-requests/service.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

/** Amounts compared in hundredths, so that PHP centavos add up exactly. */
const hundredths = (amount: number) => Math.round(amount * 100);

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
  const earlier = await childrenOf<Refund>(tx, 'refund', paymentRequest.payment_request_id);
  const refunded = earlier
    .filter((refund) => refund.status !== 'FAILED' && refund.status !== 'CANCELLED')
    .reduce((sum, refund) => sum + hundredths(refund.amount), 0);
  const remaining = hundredths(paymentRequest.request_amount) - refunded;
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
