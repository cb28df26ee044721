import { isPartlyRefunded, refundedAmount, type Money, type Payment } from '@store/contract/client';

/**
 * How a payment reads once some of it was refunded: a payment whose refund covered some lines
 * only is "Partially refunded", with what came back of its total; null when nothing is partial.
 */
export function partialRefundOf(
  payment: Pick<Payment, 'status' | 'amount' | 'currency' | 'orders'>,
): { label: string; refunded: Money; total: Money } | null {
  if (!isPartlyRefunded(payment)) return null;
  return {
    label: payment.status === 'REFUND_SUCCEEDED' ? 'Partially refunded' : payment.status,
    refunded: { amount: refundedAmount(payment), currency: payment.currency },
    total: { amount: payment.amount, currency: payment.currency },
  };
}
