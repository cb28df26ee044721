import type { OrderLineStatus } from '@store/contract/client';

export type RefundOutcome = 'pending' | 'succeeded' | 'failed';

/**
 * Where a refund of some order lines stands, from those lines' own statuses (the provider's
 * outcome reaches them by webhook): failed once any of them failed, succeeded once all did.
 * Without the lines it refunded, every line awaiting or back from a refund counts.
 */
export function refundOutcome(
  lines: readonly { id: string; status: OrderLineStatus }[],
  refundedLineIds: readonly string[],
): RefundOutcome {
  const refunded =
    refundedLineIds.length > 0
      ? lines.filter((line) => refundedLineIds.includes(line.id))
      : lines.filter((line) => line.status.startsWith('REFUND_'));
  if (refunded.some((line) => line.status === 'REFUND_FAILED')) return 'failed';
  if (refunded.length > 0 && refunded.every((line) => line.status === 'REFUND_SUCCEEDED')) {
    return 'succeeded';
  }
  return 'pending';
}

/** The refund pending page's address for a refund of these lines of a payment. */
export const refundPendingSearch = (paymentId: string, lineIds: readonly string[]) =>
  `?${new URLSearchParams({ payment_id: paymentId, orders: lineIds.join(',') }).toString()}`;
