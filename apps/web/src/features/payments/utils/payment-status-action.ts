import {
  isRefundableLine,
  refundablePaymentStatuses,
  type Payment,
  type PaymentStatus,
} from '@store/contract/client';

/**
 * What a payment's row offers for its status (specification section 4). A status the specification
 * shows as a disabled button keeps it; a paid payment with lines left to refund also offers a
 * refund beside it.
 */
export type PaymentStatusAction =
  | { kind: 'continue' }
  | { kind: 'status'; disabledLabel: string | null; refundLabel: string | null }
  | { kind: 'none' };

const disabledLabels: Partial<Record<PaymentStatus, string>> = {
  FAILED: 'Failed',
  PENDING: 'Pending',
  REFUND_PENDING: 'Refund Pending',
  REFUND_SUCCEEDED: 'Refund Succeeded',
  REFUND_FAILED: 'Refund Failed',
};

/**
 * Statuses of a paid payment whose lines a refund may still take, but while a refund is pending:
 * the specification shows that row as a disabled Refund Pending, and the API refuses a second
 * refund then (REFUND_IN_PROGRESS).
 */
const refundOffered: readonly PaymentStatus[] = refundablePaymentStatuses.filter(
  (status) => status !== 'REFUND_PENDING',
);

/**
 * Refund while any line can still be refunded: after refunding one line of three, the other two;
 * after a refund failed, its lines again (Try Refund Again).
 */
export function paymentStatusAction(
  payment: Pick<Payment, 'status' | 'orders'>,
): PaymentStatusAction {
  const { status } = payment;
  if (status === 'REQUIRES_ACTION') return { kind: 'continue' };
  const disabledLabel = disabledLabels[status] ?? null;
  const refundLabel =
    refundOffered.includes(status) && payment.orders.some(isRefundableLine)
      ? status === 'REFUND_FAILED'
        ? 'Try Refund Again'
        : 'Refund'
      : null;
  if (disabledLabel === null && refundLabel === null) return { kind: 'none' };
  return { kind: 'status', disabledLabel, refundLabel };
}
