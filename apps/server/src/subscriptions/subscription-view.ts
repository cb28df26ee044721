import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  describeFailure,
  type Currency,
  type Subscription,
  type SubscriptionCycle,
  type SubscriptionCycleStatus,
} from '@store/contract';
import type { Database } from '../db/database.ts';
import {
  exchanges,
  paymentMethods,
  payments,
  subscriptionCycles,
  subscriptions,
} from '../db/schema.ts';
import { channelName, toApiExchange } from '../payments/payment-service.ts';
import { isCycleOpen, isCyclePaid } from '../statuses/subscription-cycle-status.ts';
import {
  isSubscriptionActive,
  toApiSubscriptionStatus,
  type StoredSubscriptionStatus,
} from '../statuses/subscription-status.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CycleRow = typeof subscriptionCycles.$inferSelect;
type MethodRow = typeof paymentMethods.$inferSelect;
type StoredExchange = typeof exchanges.$inferSelect;

export function toApiCycle(row: CycleRow, paymentId: string | null = null): SubscriptionCycle {
  const failed = row.failureCode !== null && !isCyclePaid(row.status);
  return {
    id: row.id,
    cycle_number: row.cycleNumber,
    status: row.status as SubscriptionCycleStatus,
    scheduled_date: row.scheduledAt?.toISOString() ?? null,
    amount: row.amount,
    currency: row.currency as Currency,
    attempts: row.attempts,
    next_attempt_date: row.nextAttemptAt?.toISOString() ?? null,
    failure_code: failed ? row.failureCode : null,
    failure_reason: failed ? describeFailure(row.failureCode) : null,
    payment_id: paymentId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

/** When the next charge is due: the earliest open cycle's retry or date. */
function nextCycleDate(status: string, cycles: CycleRow[]): string | null {
  if (!isSubscriptionActive(status)) return null;
  const due = cycles
    .filter((cycle) => isCycleOpen(cycle.status))
    .map((cycle) => cycle.nextAttemptAt ?? cycle.scheduledAt)
    .filter((date): date is Date => date !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  return due[0]?.toISOString() ?? null;
}

export function toApi(
  row: SubscriptionRow,
  extras: {
    country: string;
    cycles: CycleRow[];
    method: MethodRow | undefined;
    /** The store payment of each paid charge, by its payment request. */
    paymentsByRequest?: Map<string, string>;
    withCycles?: boolean;
    exchanges?: StoredExchange[];
  },
): Subscription {
  const { cycles, method } = extras;
  const channel = method?.channelCode ?? '';
  return {
    id: row.id,
    status: toApiSubscriptionStatus(row.status as StoredSubscriptionStatus),
    product_id: row.productId,
    product_name: row.productName,
    product_image_url: row.productImagePath,
    amount: row.amount,
    currency: row.currency as Currency,
    interval: row.interval,
    interval_count: row.intervalCount,
    payment_method: {
      id: row.paymentMethodId,
      channel,
      channel_name: channelName(extras.country, channel),
      details: method?.details ?? null,
    },
    next_cycle_date: nextCycleDate(row.status, cycles),
    failure_code: row.failureCode,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    ...(extras.withCycles
      ? {
          cycles: [...cycles]
            .sort((a, b) => b.cycleNumber - a.cycleNumber)
            .map((cycle) =>
              toApiCycle(
                cycle,
                (cycle.providerRequestId &&
                  extras.paymentsByRequest?.get(cycle.providerRequestId)) ||
                  null,
              ),
            ),
        }
      : {}),
    ...(extras.exchanges ? { xendit_operations: extras.exchanges.map(toApiExchange) } : {}),
  };
}

/**
 * The newest provider operations a subscription's read shows. An open plan is read from the
 * provider every 15 minutes by the reconciler (two calls, kept in its log) for as long as it runs,
 * and every cycle adds its own: a plan of a year would answer tens of thousands of them.
 */
export const subscriptionOperationsShown = 200;

/**
 * Subscriptions as the API shows them, their cycles and methods read in one query each; with
 * exchanges (one subscription's read), its newest {@link subscriptionOperationsShown} only.
 */
export async function toApiSubscriptions(
  db: Database,
  country: string,
  rows: SubscriptionRow[],
  options: { withCycles?: boolean; withExchanges?: boolean } = {},
): Promise<Subscription[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [cycles, methods, stored] = await Promise.all([
    db
      .select()
      .from(subscriptionCycles)
      .where(inArray(subscriptionCycles.subscriptionId, ids))
      .orderBy(asc(subscriptionCycles.cycleNumber)),
    db
      .select()
      .from(paymentMethods)
      .where(inArray(paymentMethods.id, [...new Set(rows.map((row) => row.paymentMethodId))])),
    options.withExchanges
      ? db
          .select()
          .from(exchanges)
          .where(inArray(exchanges.subscriptionId, ids))
          .orderBy(desc(exchanges.createdAt))
          .limit(subscriptionOperationsShown * ids.length)
      : Promise.resolve(null),
  ]);
  const paidRequests = cycles.flatMap((cycle) =>
    cycle.providerRequestId ? [cycle.providerRequestId] : [],
  );
  const paid =
    options.withCycles && paidRequests.length > 0
      ? await db
          .select({ id: payments.id, providerRequestId: payments.providerRequestId })
          .from(payments)
          .where(inArray(payments.providerRequestId, paidRequests))
      : [];
  const paymentsByRequest = new Map(
    paid.map((payment) => [payment.providerRequestId ?? '', payment.id]),
  );
  return rows.map((row) =>
    toApi(row, {
      paymentsByRequest,
      country,
      cycles: cycles.filter((cycle) => cycle.subscriptionId === row.id),
      method: methods.find((method) => method.id === row.paymentMethodId),
      withCycles: options.withCycles,
      ...(stored
        ? { exchanges: stored.filter((exchange) => exchange.subscriptionId === row.id) }
        : {}),
    }),
  );
}

/** One subscription's row by id, whoever owns it (webhooks, the reconciler). */
export async function subscriptionById(db: Database, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}
