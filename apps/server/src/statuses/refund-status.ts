import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RefundStatus } from '@store/contract';
import type { Database } from '../db/database.ts';
import { refunds } from '../db/schema.ts';

/** A refund settles once: PENDING to SUCCEEDED or FAILED; a late or repeated webhook changes nothing. */
const transitions: Record<RefundStatus, readonly RefundStatus[]> = {
  PENDING: ['SUCCEEDED', 'FAILED'],
  SUCCEEDED: [],
  FAILED: [],
};

/** Where every refund starts: its lines reserved, the provider's answer awaited. */
export const initialRefundStatus = 'PENDING' satisfies RefundStatus;

export const canMoveRefund = (from: RefundStatus, to: RefundStatus) =>
  from === to || transitions[from].includes(to);

const refundStatuses = Object.keys(transitions) as RefundStatus[];

/** Refunds whose end the provider has yet to tell. */
export const refundStatusesAwaitingProvider = refundStatuses.filter(
  (status) => transitions[status].length > 0,
);

/** Refunds that have ended, one way or the other. */
export const endedRefundStatuses = refundStatuses.filter(
  (status) => transitions[status].length === 0,
);

/** Refunds that take money from a payment: all but those that failed. */
export const refundStatusesTakingMoney = refundStatuses.filter((status) => status !== 'FAILED');

const refundStatusesFrom = (to: RefundStatus) =>
  (Object.keys(transitions) as RefundStatus[]).filter((from) => transitions[from].includes(to));

/**
 * Ends a refund if the table allows it. Answers whether it moved, so that its lines and its
 * payment follow only a refund that did.
 */
export async function moveRefund(
  tx: Database,
  refundId: string,
  to: 'SUCCEEDED' | 'FAILED',
  changes: { failureCode: string | null; providerRefundId?: string },
): Promise<boolean> {
  const moved = await tx
    .update(refunds)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), inArray(refunds.status, refundStatusesFrom(to))))
    .returning({ id: refunds.id });
  return moved.length > 0;
}
