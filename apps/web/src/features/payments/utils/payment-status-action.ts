import {
  isRefundableLine,
  refundablePaymentStatuses,
  type Payment,
  type PaymentStatus,
} from '@store/contract/client';

/** What a payment's row offers for its status (specification section 4). */
export type PaymentStatusAction =
  | { kind: 'continue' }
  | { kind: 'refund'; label: string }
  | { kind: 'disabled'; label: string }
  | { kind: 'none' };

const disabledLabels: Partial<Record<PaymentStatus, string>> = {
  FAILED: 'Failed',
  PENDING: 'Pending',
  REFUND_PENDING: 'Refund Pending',
  REFUND_SUCCEEDED: 'Refund Succeeded',
  REFUND_FAILED: 'Refund Failed',
};

/**
 * Statuses of a paid payment whose lines a refund may still take, as the API accepts them, but
 * while a refund is pending: the specification shows that row as a disabled Refund Pending.
 */
const refundOffered: readonly PaymentStatus[] = refundablePaymentStatuses.filter(
  (status) => status !== 'REFUND_PENDING',
);

/**
 * A paid payment offers Refund while any of its lines can still be refunded: after refunding one
 * line of three, the other two; after a refund failed, its lines again.
 */
export function paymentStatusAction(
  payment: Pick<Payment, 'status' | 'orders'>,
): PaymentStatusAction {
  const { status } = payment;
  if (status === 'REQUIRES_ACTION') return { kind: 'continue' };
  if (refundOffered.includes(status) && payment.orders.some(isRefundableLine)) {
    return { kind: 'refund', label: status === 'REFUND_FAILED' ? 'Retry Refund' : 'Refund' };
  }
  const label = disabledLabels[status];
  return label === undefined ? { kind: 'none' } : { kind: 'disabled', label };
}
