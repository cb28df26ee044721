import { and, eq, inArray, sql } from 'drizzle-orm';
import { openCycleStatuses, type SubscriptionCycleStatus } from '@store/contract';
import type { Database } from '../db/database.ts';
import { subscriptionCycles } from '../db/schema.ts';

/**
 * A cycle's statuses as the provider moves them: charged (PENDING), retried (RETRYING, again and
 * again while its retries last), then ended once: SUCCEEDED, FAILED or CANCELLED. A late or
 * repeated webhook cannot bring an ended cycle back.
 */
const transitions: Record<SubscriptionCycleStatus, readonly SubscriptionCycleStatus[]> = {
  SCHEDULED: ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  PENDING: ['RETRYING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  RETRYING: ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'],
  SUCCEEDED: [],
  FAILED: [],
  CANCELLED: [],
};

export const canMoveCycle = (from: SubscriptionCycleStatus, to: SubscriptionCycleStatus) =>
  from === to || transitions[from].includes(to);

/** Whether the provider may still charge it. */
export const isCycleOpen = (status: string) =>
  openCycleStatuses.includes(status as SubscriptionCycleStatus);

/** Whether a cycle was paid (its charge is then a store payment). */
export const isCyclePaid = (status: string) => status === 'SUCCEEDED';

/** The cycle "Run next cycle now" charges: the one waiting for its date. */
export const isCycleScheduled = (status: string) => status === 'SCHEDULED';

const statusesFrom = (to: SubscriptionCycleStatus) =>
  (Object.keys(transitions) as SubscriptionCycleStatus[]).filter((from) => canMoveCycle(from, to));

type CycleRow = typeof subscriptionCycles.$inferSelect;
export type CycleFacts = Omit<CycleRow, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/**
 * Records a cycle the provider reports, or moves the one recorded if the table allows it; an
 * ended cycle keeps what it ended with. One statement each way, so crossing webhooks and reads
 * of the same cycle cannot both insert it.
 */
export async function recordCycle(
  db: Database,
  id: string,
  to: SubscriptionCycleStatus,
  facts: CycleFacts,
): Promise<void> {
  await db
    .insert(subscriptionCycles)
    .values({ id, ...facts, status: to })
    .onConflictDoNothing({ target: subscriptionCycles.providerCycleId });
  await db
    .update(subscriptionCycles)
    .set({ ...facts, status: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(subscriptionCycles.providerCycleId, facts.providerCycleId),
        inArray(subscriptionCycles.status, statusesFrom(to)),
      ),
    );
}
