import type { Payment } from '@store/contract/client';

/** Where the browser goes next: a page of the provider's, or a screen of the store. */
export type PaymentDestination =
  { kind: 'external'; url: string } | { kind: 'internal'; path: string };

const absoluteUrl = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * Payment result after creation (specification section 4): the first action's value when any action
 * exists; otherwise SUCCEEDED to the success page, FAILED to the failure page (the specification's
 * code says /payments/failed, its declared route is /payments/failure), anything else to pending.
 */
export function paymentResultDestination(
  payment: Pick<Payment, 'id' | 'status' | 'actions'>,
): PaymentDestination {
  const value = payment.actions.find((action) => action.value)?.value;
  if (value) {
    return absoluteUrl.test(value)
      ? { kind: 'external', url: value }
      : { kind: 'internal', path: value };
  }
  // The result page reads the payment it names, so it can tell the truth and move on by itself.
  const about = `?payment_id=${encodeURIComponent(payment.id)}`;
  switch (payment.status) {
    case 'SUCCEEDED':
      return { kind: 'internal', path: `/payments/success${about}` };
    case 'FAILED':
      return { kind: 'internal', path: `/payments/failure${about}` };
    default:
      return { kind: 'internal', path: `/payments/pending${about}` };
  }
}
