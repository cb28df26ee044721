import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isCancellableSubscription,
  subscriptionAwaitingProviderStatuses,
  type SubscriptionStatus,
} from '@store/contract';
import type { Database } from '../db/database.ts';
import { subscriptions } from '../db/schema.ts';

/** A subscription's stored status: the API's, plus CREATING until the provider answers the create. */
export type StoredSubscriptionStatus = SubscriptionStatus | 'CREATING';

/**
 * Every change of a subscription's status goes through this table, from API calls, webhooks and
 * the reconciler alike: the provider activates or ends a plan once, the customer's cancel and a
 * refusal are final, and a late `recurring.plan.activated` never brings an ended plan back.
 */
const transitions: Record<StoredSubscriptionStatus, readonly StoredSubscriptionStatus[]> = {
  CREATING: ['PENDING', 'ACTIVE', 'INACTIVE', 'CANCELLED', 'FAILED'],
  PENDING: ['ACTIVE', 'INACTIVE', 'CANCELLED'],
  ACTIVE: ['INACTIVE', 'CANCELLED'],
  INACTIVE: [],
  CANCELLED: [],
  FAILED: [],
};

/** Where every subscription starts: recorded, the provider's answer to its create awaited. */
export const initialSubscriptionStatus = 'CREATING' satisfies StoredSubscriptionStatus;

export const canMoveSubscription = (from: StoredSubscriptionStatus, to: StoredSubscriptionStatus) =>
  from === to || transitions[from].includes(to);

export const isSubscriptionCreating = (status: string) => status === initialSubscriptionStatus;

/** Whether the customer may still cancel it (a plan the provider has not ended). */
export const canCancelSubscription = (status: string) =>
  status !== initialSubscriptionStatus &&
  isCancellableSubscription({ status: status as SubscriptionStatus });

/**
 * Subscriptions not yet ended, each with a move left in the table: a plan that charges, or may yet
 * charge, the token it names (CREATING too: the provider may have made the plan already).
 */
export const openSubscriptionStatuses: readonly StoredSubscriptionStatus[] = (
  Object.keys(transitions) as StoredSubscriptionStatus[]
).filter((status) => transitions[status].length > 0);

/**
 * The caller's open subscriptions charged to these methods: what unlinking one of them cancels
 * first, and what Payment Methods names beside it.
 */
export const openSubscriptionsPaidBy = (
  caller: { appId: string; customerId: string },
  paymentMethodIds: string[],
) =>
  and(
    eq(subscriptions.appId, caller.appId),
    eq(subscriptions.customerId, caller.customerId),
    inArray(subscriptions.paymentMethodId, paymentMethodIds),
    inArray(subscriptions.status, [...openSubscriptionStatuses]),
  );

/** Whether the customer cancelled it; nothing moves it again. */
export const isSubscriptionCancelled = (status: string) => status === 'CANCELLED';

/** Whether its cycles may be charged: the provider activated the plan, and nothing ended it. */
export const isSubscriptionActive = (status: string) => status === 'ACTIVE';

/**
 * Subscriptions the provider may still change by itself, read from it now and then in case a
 * webhook was lost: the contract's, each with a move left in the table.
 */
export const subscriptionStatusesReadFromProvider: readonly StoredSubscriptionStatus[] =
  subscriptionAwaitingProviderStatuses.filter((status) => transitions[status].length > 0);

/**
 * The status a plan the provider holds gives a subscription: its inactivation is the customer's
 * cancel once they asked for one (the webhook or a read may come before the deactivation's answer,
 * or instead of it), the provider ending the plan otherwise.
 */
export const subscriptionStatusOfPlan = (
  planStatus: 'PENDING' | 'ACTIVE' | 'INACTIVE',
  cancelRequestedAt: Date | null,
): StoredSubscriptionStatus =>
  planStatus === 'INACTIVE' && cancelRequestedAt ? 'CANCELLED' : planStatus;

export const toApiSubscriptionStatus = (status: StoredSubscriptionStatus): SubscriptionStatus =>
  status === initialSubscriptionStatus ? 'PENDING' : status;

const statusesFrom = (to: StoredSubscriptionStatus) =>
  (Object.keys(transitions) as StoredSubscriptionStatus[]).filter((from) =>
    canMoveSubscription(from, to),
  );

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Moves a subscription if the table allows it. Answers the row as it is after (unchanged when the
 * table refused the move), or null when there is no such subscription.
 */
export async function moveSubscription(
  db: Database,
  subscriptionId: string,
  to: StoredSubscriptionStatus,
  changes: Partial<Pick<SubscriptionRow, 'providerPlanId' | 'failureCode'>> = {},
): Promise<SubscriptionRow | null> {
  const [moved] = await db
    .update(subscriptions)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(
      and(eq(subscriptions.id, subscriptionId), inArray(subscriptions.status, statusesFrom(to))),
    )
    .returning();
  if (moved) return moved;
  const [current] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return current ?? null;
}
