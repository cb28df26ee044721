import type { PaymentRequest, PaymentRequestStatus } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import type { Challenge } from '../cards.ts';
import { notFound } from '../api-error.ts';
import type { Database } from '../db/database.ts';
import { loadObject, type StoredObject } from '../objects.ts';

// The stored payment request and its status table: the one module every step of a payment
// request's life (creating, settling, OTP, cancel, expiry, jobs) builds on.

export type PaymentRequestInternal = {
  otpAttempts?: number;
  /** The session the request came from, which completes when the request succeeds. */
  sessionId?: string;
  /** What the 3DS page offers the request's card. */
  challenge?: Challenge;
};

export type StoredPaymentRequest = StoredObject<PaymentRequest> & {
  internal: PaymentRequestInternal;
};

/** Allowed status changes of a payment request; every change of status checks it first. */
export const TRANSITIONS: Record<PaymentRequestStatus, readonly PaymentRequestStatus[]> = {
  REQUIRES_ACTION: ['AUTHORIZED', 'SUCCEEDED', 'FAILED', 'CANCELED', 'EXPIRED'],
  ACCEPTING_PAYMENTS: ['CANCELED', 'EXPIRED'],
  AUTHORIZED: ['SUCCEEDED', 'CANCELED', 'EXPIRED'],
  SUCCEEDED: [],
  FAILED: [],
  CANCELED: [],
  EXPIRED: [],
};

/**
 * The amount a payment request asks for. Only a reusable code may leave it out (it then takes any
 * amount, each payment its own), and a reusable code never settles as a whole, so every path that
 * charges, authorises or refunds the request itself has one.
 */
export function requestedAmount(request: Pick<PaymentRequest, 'request_amount' | 'type'>): number {
  if (request.request_amount === undefined) {
    throw new Error(`a ${request.type} payment request without request_amount cannot be settled`);
  }
  return request.request_amount;
}

export async function loadPaymentRequest(
  db: Database,
  owner: Owner,
  id: string,
  forUpdate = false,
): Promise<StoredPaymentRequest> {
  const stored = await loadObject<PaymentRequest>(db, owner, 'payment_request', id, { forUpdate });
  if (!stored) throw notFound('payment request', id);
  return stored;
}
