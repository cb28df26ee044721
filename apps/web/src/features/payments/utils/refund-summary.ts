import { isPartlyRefunded, refundedAmount, type Payment } from '@store/contract/client';
import { formatPrice } from '@/utils/format';

/**
 * How a payment reads once some of it was refunded: a payment whose refund covered some lines
 * only is "Partially refunded", with what came back of its total; null when nothing is partial.
 */
export function partialRefundOf(
  payment: Pick<Payment, 'status' | 'amount' | 'currency' | 'orders'>,
): { label: string; amount: string } | null {
  if (!isPartlyRefunded(payment)) return null;
  const refunded = formatPrice({ amount: refundedAmount(payment), currency: payment.currency });
  const total = formatPrice({ amount: payment.amount, currency: payment.currency });
  return {
    label: payment.status === 'REFUND_SUCCEEDED' ? 'Partially refunded' : payment.status,
    amount: `${refunded} refunded of ${total}`,
  };
}
