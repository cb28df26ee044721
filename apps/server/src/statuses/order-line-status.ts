import { and, eq, inArray } from 'drizzle-orm';
import type { OrderLineStatus } from '@store/contract';
import type { Database } from '../db/database.ts';
import { paymentLines } from '../db/schema.ts';
import type { StatusCause } from './status-cause.ts';

/**
 * Every change of an order line's status goes through this table. The provider's word moves a
 * line with its payment; refunds move it alone, and a refund the provider refused puts it back.
 */
const transitions: Record<OrderLineStatus, Record<StatusCause, readonly OrderLineStatus[]>> = {
  PENDING: { provider: ['PAID', 'FAILED', 'CANCELLED'], refund: [] },
  PAID: { provider: [], refund: ['REFUND_PENDING'] },
  REFUND_PENDING: { provider: [], refund: ['REFUND_SUCCEEDED', 'REFUND_FAILED', 'PAID'] },
  REFUND_FAILED: { provider: [], refund: ['REFUND_PENDING'] },
  REFUND_SUCCEEDED: { provider: [], refund: [] },
  FAILED: { provider: [], refund: [] },
  CANCELLED: { provider: [], refund: [] },
};

const lineStatuses = Object.keys(transitions) as OrderLineStatus[];

export function canMoveLine(from: OrderLineStatus, to: OrderLineStatus, cause: StatusCause) {
  return from === to || transitions[from][cause].includes(to);
}

/** The statuses a line may move to `to` from, by this cause. */
export const lineStatusesFrom = (to: OrderLineStatus, cause: StatusCause) =>
  lineStatuses.filter((from) => from !== to && transitions[from][cause].includes(to));

/** Where every order line starts: its payment not yet paid. */
export const initialLineStatus = 'PENDING' satisfies OrderLineStatus;

/** Lines a refund may take: those the table lets a refund move to REFUND_PENDING. */
export const refundableLineStatuses = lineStatusesFrom('REFUND_PENDING', 'refund');

export const isRefundableLineStatus = (status: string) =>
  (refundableLineStatuses as readonly string[]).includes(status);

/** Whether a line is in a refund the provider has yet to end. */
export const isLineInRefund = (status: string) => status === 'REFUND_PENDING';

/** The status of the lines that follow a payment's new status, if they follow it. */
export function lineStatusFor(paymentStatus: string): OrderLineStatus | null {
  switch (paymentStatus) {
    case 'SUCCEEDED':
      return 'PAID';
    case 'FAILED':
      return 'FAILED';
    case 'CANCELLED':
      return 'CANCELLED';
    default:
      return null;
  }
}

/** Takes lines into a refund: each must be refundable (checked by the caller under the row lock). */
export async function reserveLines(tx: Database, lineIds: string[], refundId: string) {
  await tx
    .update(paymentLines)
    .set({ status: 'REFUND_PENDING', refundId })
    .where(
      and(inArray(paymentLines.id, lineIds), inArray(paymentLines.status, refundableLineStatuses)),
    );
}

/** A refund's lines end with it. */
export async function moveRefundLines(
  tx: Database,
  refundId: string,
  outcome: 'SUCCEEDED' | 'FAILED',
) {
  const to: OrderLineStatus = outcome === 'SUCCEEDED' ? 'REFUND_SUCCEEDED' : 'REFUND_FAILED';
  await tx
    .update(paymentLines)
    .set({ status: to })
    .where(
      and(
        eq(paymentLines.refundId, refundId),
        inArray(paymentLines.status, lineStatusesFrom(to, 'refund')),
      ),
    );
}

/** A refund the provider refused: its lines go back to the statuses they had before it. */
export async function rollBackRefundLines(
  tx: Database,
  refundId: string,
  previous: Record<string, string>,
) {
  for (const [lineId, status] of Object.entries(previous)) {
    if (!canMoveLine('REFUND_PENDING', status as OrderLineStatus, 'refund')) continue;
    await tx
      .update(paymentLines)
      .set({ status, refundId: null })
      .where(
        and(
          eq(paymentLines.id, lineId),
          eq(paymentLines.refundId, refundId),
          eq(paymentLines.status, 'REFUND_PENDING'),
        ),
      );
  }
}
