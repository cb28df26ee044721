import type { Payment, PaymentRequest } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { saveObject, type StoredObject } from '../objects.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import { loadPaymentRequest, TRANSITIONS } from './stored.ts';

// The changes that make no payment: the merchant cancels, a request expires, or the request
// follows its payment (captured, cancelled or expired after the authorisation).

/**
 * The payment request of a payment that has moved on (captured, cancelled or expired after its
 * authorisation): it follows, without a webhook of its own.
 */
export async function followPayment(
  tx: Database,
  owner: Owner,
  payment: Payment,
  status: 'SUCCEEDED' | 'CANCELED' | 'EXPIRED',
) {
  const stored = await loadPaymentRequest(tx, owner, payment.payment_request_id, true);
  if (!TRANSITIONS[stored.data.status].includes(status)) {
    throw ineligible('payment request', stored.data.status, 'changed');
  }
  await saveObject(
    tx,
    payment.payment_request_id,
    { ...stored.data, status, updated: payment.updated },
    stored.internal,
  );
}

export async function cancelPaymentRequest(tx: Database, owner: Owner, id: string) {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  // An authorisation is the payment's to release: "Cancel an authorized payment" is
  // POST /v3/payments/{payment_id}/cancel (docs.xendit.co/docs/cards-cancel-a-payment). Cancelling
  // the request instead would leave its payment AUTHORIZED, capturable by nobody.
  if (stored.data.status === 'AUTHORIZED') {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `The payment request is AUTHORIZED: cancel its payment with POST /v3/payments/${String(stored.data.latest_payment_id)}/cancel`,
    );
  }
  // The provider's error scenarios (docsv2.xendit.co/docs/error-scenarios) and the cancel's first
  // 400 in the description: a request that has ended is inactive, not ineligible.
  if (TRANSITIONS[stored.data.status].length === 0) {
    throw new ApiError(
      400,
      'INACTIVE_PAYMENT_REQUEST',
      `Payment request is already in its terminal state (${stored.data.status}). Changes are no longer allowed.`,
    );
  }
  if (!TRANSITIONS[stored.data.status].includes('CANCELED')) {
    throw ineligible('payment request', stored.data.status, 'canceled');
  }
  const paymentRequest: PaymentRequest = {
    ...stored.data,
    status: 'CANCELED',
    actions: [],
    updated: new Date().toISOString(),
  };
  await saveObject(tx, id, paymentRequest);
  return paymentRequest;
}

/** Expires a payment request awaiting the customer now (a development shortcut). */
export async function expirePaymentRequest(
  tx: Database,
  owner: Owner,
  id: string,
): Promise<PaymentRequest> {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  if (!TRANSITIONS[stored.data.status].includes('EXPIRED')) {
    throw ineligible('payment request', stored.data.status, 'expired');
  }
  return expire(tx, owner, stored);
}

/** EXPIRED, with payment_request.expiry; the caller has checked that the request may expire. */
export async function expire(tx: Database, owner: Owner, stored: StoredObject<PaymentRequest>) {
  const expired: PaymentRequest = {
    ...stored.data,
    status: 'EXPIRED',
    failure_code: 'PAYMENT_REQUEST_EXPIRED',
    actions: [],
    updated: new Date().toISOString(),
  };
  await saveObject(tx, expired.payment_request_id, expired);
  await enqueueWebhook(tx, owner, 'payment_request.expiry', expired);
  return expired;
}
