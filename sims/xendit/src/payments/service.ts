import type { Payment } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible, notFound } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { newCaptureId } from '../ids.ts';
import { loadObject, saveObject } from '../objects.ts';
import { followPayment, refuseExcessDecimals } from '../payment-requests/service.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

export async function loadPayment(db: Database, owner: Owner, id: string, forUpdate = false) {
  const stored = await loadObject<Payment>(db, owner, 'payment', id, { forUpdate });
  if (!stored) throw notFound('payment', id);
  return stored.data;
}

/** Only an authorised payment (capture_method MANUAL) can be captured, cancelled or expire. */
async function loadAuthorized(tx: Database, owner: Owner, id: string, action: string) {
  const payment = await loadPayment(tx, owner, id, true);
  if (payment.status !== 'AUTHORIZED') throw ineligible('payment', payment.status, action);
  return payment;
}

async function move(
  tx: Database,
  owner: Owner,
  payment: Payment,
  status: 'SUCCEEDED' | 'CANCELED' | 'EXPIRED',
) {
  await saveObject(tx, payment.payment_id, payment);
  await followPayment(tx, owner, payment, status);
  return payment;
}

/** Captures an authorised payment, in full or in part: SUCCEEDED, with payment.capture. */
export async function capturePayment(
  tx: Database,
  owner: Owner,
  id: string,
  captureAmount: number,
): Promise<Payment> {
  const authorized = await loadAuthorized(tx, owner, id, 'captured');
  refuseExcessDecimals(captureAmount, authorized.currency, 'capture_amount');
  if (captureAmount > authorized.request_amount) {
    throw new ApiError(
      400,
      'CAPTURE_AMOUNT_EXCEEDED',
      `capture_amount ${captureAmount} is more than the authorised ${authorized.request_amount}`,
    );
  }
  const now = new Date().toISOString();
  const payment: Payment = {
    ...authorized,
    status: 'SUCCEEDED',
    captures: [
      { capture_id: newCaptureId(), capture_amount: captureAmount, capture_timestamp: now },
    ],
    updated: now,
  };
  await move(tx, owner, payment, 'SUCCEEDED');
  await enqueueWebhook(tx, owner, 'payment.capture', payment);
  return payment;
}

/** Releases an authorisation: CANCELED (the provider documents no webhook for it). */
export async function cancelPayment(tx: Database, owner: Owner, id: string): Promise<Payment> {
  const authorized = await loadAuthorized(tx, owner, id, 'canceled');
  const payment: Payment = { ...authorized, status: 'CANCELED', updated: new Date().toISOString() };
  return move(tx, owner, payment, 'CANCELED');
}

/** An authorisation nobody captured in time: EXPIRED, with payment.expiry. */
export async function expirePayment(tx: Database, owner: Owner, id: string): Promise<Payment> {
  const authorized = await loadAuthorized(tx, owner, id, 'expired');
  const payment: Payment = { ...authorized, status: 'EXPIRED', updated: new Date().toISOString() };
  await move(tx, owner, payment, 'EXPIRED');
  await enqueueWebhook(tx, owner, 'payment.expiry', payment);
  return payment;
}
