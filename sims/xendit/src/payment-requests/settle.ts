import type { Payment, PaymentRequest } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible, validationError } from '../api-error.ts';
import type { Outcome } from '../cards.ts';
import { CHANNELS, isPresentToCustomer } from '../channels.ts';
import type { Database } from '../db/database.ts';
import { newCaptureId, newPaymentId } from '../ids.ts';
import { insertObject, saveObject } from '../objects.ts';
import { createTokenFromPayment } from '../payment-tokens/service.ts';
import { completeSession } from '../sessions/completion.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import { refuseExcessDecimals } from './create-checks.ts';
import {
  loadPaymentRequest,
  requestedAmount,
  TRANSITIONS,
  type StoredPaymentRequest,
} from './stored.ts';

// The changes that end in a payment: a payment request settled (by the create call, 3DS, the
// e-wallet page, an OTP, a scheduled outcome) or a presented code paid, each payment kept for
// GET /v3/payments/{id} and announced by its webhook.

/**
 * The payment object of a settled request, kept for GET /v3/payments/{id}: the data of
 * payment.capture, payment.authorization and payment.failure.
 */
function paymentOf(paymentRequest: PaymentRequest, now: string): Payment {
  const status =
    paymentRequest.status === 'SUCCEEDED' || paymentRequest.status === 'AUTHORIZED'
      ? paymentRequest.status
      : 'FAILED';
  const amount = requestedAmount(paymentRequest);
  return {
    payment_id: paymentRequest.latest_payment_id ?? newPaymentId(),
    business_id: paymentRequest.business_id,
    payment_request_id: paymentRequest.payment_request_id,
    reference_id: paymentRequest.reference_id,
    customer_id: paymentRequest.customer_id,
    payment_token_id: paymentRequest.payment_token_id,
    type: paymentRequest.type,
    request_amount: amount,
    currency: paymentRequest.currency,
    country: paymentRequest.country,
    channel_code: paymentRequest.channel_code,
    channel_properties: paymentRequest.channel_properties,
    capture_method: paymentRequest.capture_method,
    captures:
      status === 'SUCCEEDED'
        ? [
            {
              capture_id: newCaptureId(),
              capture_amount: amount,
              capture_timestamp: now,
            },
          ]
        : undefined,
    status,
    failure_code: paymentRequest.failure_code,
    description: paymentRequest.description,
    metadata: paymentRequest.metadata,
    created: paymentRequest.created,
    updated: now,
  };
}

const paymentEvents = {
  SUCCEEDED: 'payment.capture',
  AUTHORIZED: 'payment.authorization',
  FAILED: 'payment.failure',
} as const;

/** Keeps a new payment for GET /v3/payments/{id}, with the webhook that tells the merchant. */
async function recordPayment(tx: Database, owner: Owner, payment: Payment) {
  await insertObject(
    tx,
    owner,
    'payment',
    payment.payment_id,
    payment,
    {},
    payment.payment_request_id,
  );
  const event = paymentEvents[payment.status as keyof typeof paymentEvents];
  await enqueueWebhook(tx, owner, event, payment);
}

/**
 * Ends a payment request with a payment: SUCCEEDED (and, for PAY_AND_SAVE, an ACTIVE token) or FAILED,
 * with the webhooks that tell the merchant.
 */
export async function settle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  stored: StoredPaymentRequest,
  outcome: Outcome,
): Promise<PaymentRequest> {
  const from = stored.data.status;
  // With capture_method MANUAL a successful authorisation holds the amount until it is captured.
  const status =
    outcome.status === 'SUCCEEDED' && stored.data.capture_method === 'MANUAL'
      ? 'AUTHORIZED'
      : outcome.status;
  if (!TRANSITIONS[from].includes(status)) {
    throw ineligible('payment request', from, 'paid');
  }
  const now = new Date().toISOString();
  const paymentRequest: PaymentRequest = {
    ...stored.data,
    status,
    failure_code: outcome.status === 'FAILED' ? outcome.failureCode : undefined,
    latest_payment_id: newPaymentId(),
    actions: [],
    updated: now,
  };
  if (
    outcome.status === 'SUCCEEDED' &&
    paymentRequest.type === 'PAY_AND_SAVE' &&
    !paymentRequest.payment_token_id
  ) {
    paymentRequest.payment_token_id = (
      await createTokenFromPayment(
        tx,
        owner,
        paymentRequest,
        paymentRequest.channel_properties?.card_details,
      )
    ).payment_token_id;
  }
  await saveObject(tx, paymentRequest.payment_request_id, paymentRequest, stored.internal);
  const payment = paymentOf(paymentRequest, now);
  await recordPayment(tx, owner, payment);
  if (payment.status !== 'FAILED' && stored.internal.sessionId) {
    await completeSession(tx, owner, stored.internal.sessionId, {
      payment_request_id: paymentRequest.payment_request_id,
      payment_id: payment.payment_id,
      payment_token_id: paymentRequest.payment_token_id,
    });
  }
  return paymentRequest;
}

/**
 * A customer paying a virtual account, retail code or QR (from /simulate or the pay page): the
 * amount simulated, or the request's own when none is given.
 */
export async function payPresentedCode(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  id: string,
  simulated: number | undefined,
): Promise<PaymentRequest> {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  if (simulated !== undefined) refuseExcessDecimals(simulated, stored.data.currency, 'amount');
  const amount = simulated ?? stored.data.request_amount;
  const channel = CHANNELS[stored.data.channel_code];
  if (!channel || !isPresentToCustomer(channel.kind)) {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `Only virtual accounts, retail codes and QR codes can be simulated, not ${stored.data.channel_code}`,
    );
  }
  const reusable =
    stored.data.type === 'REUSABLE_PAYMENT_CODE' &&
    (stored.data.status === 'ACCEPTING_PAYMENTS' || stored.data.status === 'REQUIRES_ACTION');
  if (reusable) {
    // The description's simulate body does not require an amount; a code of any amount needs one,
    // and a payment of nothing is none.
    if (amount === undefined || amount <= 0) {
      throw validationError([
        { path: 'amount', message: 'must be greater than 0 to pay a code of any amount' },
      ]);
    }
    // A reusable code stays open; each payment is announced on its own.
    const now = new Date().toISOString();
    const payment = paymentOf(
      {
        ...stored.data,
        status: 'SUCCEEDED',
        request_amount: amount,
        latest_payment_id: newPaymentId(),
      },
      now,
    );
    await recordPayment(tx, owner, payment);
    return stored.data;
  }
  if (stored.data.status !== 'REQUIRES_ACTION') {
    throw ineligible('payment request', stored.data.status, 'paid');
  }
  if (amount !== stored.data.request_amount) {
    throw validationError([
      { path: 'amount', message: `must equal the request_amount ${stored.data.request_amount}` },
    ]);
  }
  return settle(ctx, tx, owner, stored, { status: 'SUCCEEDED' });
}
