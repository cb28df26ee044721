import type { Payment, PaymentStatus } from '@store/contract/client';

/** What a payment's row offers for its status (specification section 4). */
export type PaymentStatusAction =
  | { kind: 'continue' }
  | { kind: 'refund' }
  | { kind: 'disabled'; label: string }
  | { kind: 'none' };

const disabledLabels: Partial<Record<PaymentStatus, string>> = {
  FAILED: 'Failed',
  PENDING: 'Pending',
  REFUND_PENDING: 'Refund Pending',
  REFUND_SUCCEEDED: 'Refund Succeeded',
  REFUND_FAILED: 'Refund Failed',
};

export function paymentStatusAction(status: PaymentStatus): PaymentStatusAction {
  if (status === 'REQUIRES_ACTION') return { kind: 'continue' };
  if (status === 'SUCCEEDED') return { kind: 'refund' };
  const label = disabledLabels[status];
  return label === undefined ? { kind: 'none' } : { kind: 'disabled', label };
}

/**
 * Where Continue Payment leads: the REDIRECT_CUSTOMER action's value, else the first action with a
 * value (store screens such as the virtual-account or OTP page); null when there is none.
 */
export function continuePaymentTarget(payment: Pick<Payment, 'actions'>): string | null {
  const redirect = payment.actions.find((action) => action.type === 'REDIRECT_CUSTOMER');
  return redirect?.value ?? payment.actions.find((action) => action.value)?.value ?? null;
}

export function isAbsoluteUrl(value: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(value);
}
