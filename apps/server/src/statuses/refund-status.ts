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

export const canMoveRefund = (from: RefundStatus, to: RefundStatus) =>
  from === to || transitions[from].includes(to);

const refundStatusesFrom = (to: RefundStatus) =>
  (Object.keys(transitions) as RefundStatus[]).filter((from) => transitions[from].includes(to));

/**
 * Settles a refund if the table allows it. Answers whether it moved, so that its lines and its
 * payment follow only a refund that did.
 */
export async function settleRefund(
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
