import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  paymentMethodErrorCodes,
  subscriptionErrorCodes,
  type Subscription,
} from '@store/contract';
import type { Caller } from '../auth/tenant.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { statusIn } from '../db/status-literals.ts';
import { apps, paymentMethods, subscriptions } from '../db/schema.ts';
import { AppError, isRefusal, notFound } from '../http/app-error.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import { decodeCursor, exactTime, pageOf, rowsAfter } from '../http/page-cursor.ts';
import { newId } from '../lib/ids.ts';
import type { Provider } from '../provider/adapter.ts';
import type { AppRow } from '../provider/provider.ts';
import type { ProviderCycle, ProviderPlan } from '../provider/recurring-mapping.ts';
import type { WebhookMatch } from '../provider/webhook-events.ts';
import {
  isCyclePaid,
  isCycleScheduled,
  recordCycle,
} from '../statuses/subscription-cycle-status.ts';
import {
  canCancelSubscription,
  initialSubscriptionStatus,
  isSubscriptionActive,
  isSubscriptionCancelled,
  isSubscriptionCreating,
  moveSubscription,
  openSubscriptionsPaidBy,
  subscriptionStatusesReadFromProvider,
  subscriptionStatusOfPlan,
  toApiSubscriptionStatus,
  type StoredSubscriptionStatus,
} from '../statuses/subscription-status.ts';
import { findProduct } from '../catalog/catalog-service.ts';
import { recordCyclePayment } from '../payments/payment-service.ts';
import { createSubscriber } from './create-subscription.ts';
import { toApiSubscriptions, type SubscriptionRow } from './subscription-view.ts';

/** Time a create is given beyond the provider timeout before the reconciler replays it. */
const createMarginMs = 5_000;
/** An open subscription is read from the provider this often when no webhook has come. */
const quietSyncInterval = sql`interval '15 minutes'`;
const batchSize = 100;

/**
 * Subscriptions left CREATING since before `unanswered`. Their predicate implies the partial index
 * subscriptions_creating's (schema.ts), in a generic plan too (`statusIn`).
 */
export const stuckSubscriptions = (unanswered: Date) =>
  and(
    statusIn(subscriptions.status, [initialSubscriptionStatus]),
    lt(subscriptions.createdAt, unanswered),
  );

/** The ids a round claims on one scan: due now, oldest first, none another instance holds. */
export function subscriptionClaimCandidates(db: Database, due: SQL | undefined, now: Date) {
  return db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(due, or(isNull(subscriptions.nextReconcileAt), lte(subscriptions.nextReconcileAt, now))),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
}

/** What one reconciliation round did to subscriptions. */
export interface SubscriptionReconcileReport {
  created: number;
  failed: number;
  synced: number;
  open: number;
}

/**
 * Subscriptions composed: subscribing (create-subscription.ts), reading, cancelling, running the
 * next cycle in development, the provider's webhooks (each read back before it changes anything)
 * and the reconciler's share (creates whose answer was lost, plans whose webhooks were).
 */
export function createSubscriptionService(deps: {
  db: Database;
  provider: Provider;
  config: ServerConfig;
  budget: CreateBudget;
}) {
  const { db, provider, config, budget } = deps;

  /**
   * Applies what the provider says of the plan; its status through the state machine. An ended
   * plan reads the customer's cancel again, after the plan: the row may have been read before the
   * cancel was recorded and the plan after the provider acted on it (a webhook or the reconciler
   * working beside the cancel), and that plan's end is still the customer's cancel.
   */
  async function applyPlan(row: SubscriptionRow, plan: ProviderPlan) {
    let { cancelRequestedAt } = row;
    if (plan.status === 'INACTIVE' && !cancelRequestedAt) {
      const [now] = await db
        .select({ cancelRequestedAt: subscriptions.cancelRequestedAt })
        .from(subscriptions)
        .where(eq(subscriptions.id, row.id));
      cancelRequestedAt = now?.cancelRequestedAt ?? null;
    }
    return moveSubscription(db, row.id, subscriptionStatusOfPlan(plan.status, cancelRequestedAt), {
      providerPlanId: plan.providerPlanId,
    });
  }

  /**
   * Records the provider's cycles of a subscription, each through the cycle state machine; a paid
   * cycle's charge becomes a store payment, refundable in Payments.
   */
  async function applyCycles(row: SubscriptionRow, stated: ProviderCycle[]) {
    // A cycle whose amount no payment in the currency can have is not the store's to record.
    const cycles = stated.filter((cycle) => Number.isInteger(cycle.amount));
    // A paid cycle's payment is written before the cycle turns paid: the cycle's change is what
    // the live feed announces, and the page reading the cycle again must find its payment.
    await recordCyclePayments(
      row,
      cycles.filter((cycle) => isCyclePaid(cycle.status) && cycle.paidRequestId),
    );
    for (const cycle of cycles) {
      await recordCycle(db, newId('cyc'), cycle.status, {
        subscriptionId: row.id,
        providerCycleId: cycle.providerCycleId,
        cycleNumber: cycle.cycleNumber,
        scheduledAt: cycle.scheduledAt,
        amount: cycle.amount,
        currency: cycle.currency,
        attempts: cycle.attempts,
        nextAttemptAt: cycle.nextAttemptAt,
        failureCode: cycle.failureCode,
        providerRequestId: cycle.paidRequestId,
      });
    }
  }

  async function recordCyclePayments(row: SubscriptionRow, paid: ProviderCycle[]) {
    if (paid.length === 0) return;
    const [[method], product] = await Promise.all([
      db.select().from(paymentMethods).where(eq(paymentMethods.id, row.paymentMethodId)),
      findProduct(db, row.appId, row.productId),
    ]);
    if (!method) return;
    for (const cycle of paid) {
      await recordCyclePayment(db, {
        appId: row.appId,
        customerId: row.customerId,
        providerRequestId: cycle.paidRequestId ?? '',
        channelCode: method.channelCode,
        country: method.country,
        currency: cycle.currency,
        amount: cycle.amount,
        paymentMethodId: method.id,
        providerTokenId: row.providerTokenId,
        product: {
          id: row.productId,
          name: row.productName,
          category: product?.category ?? 'Subscription',
          description: product?.description ?? row.productName,
          imagePath: row.productImagePath,
        },
      });
    }
  }

  const subscriber = createSubscriber({ db, provider, config, budget, applyPlan });

  async function loadOwn(session: Caller, subscriptionId: string): Promise<SubscriptionRow> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.appId, session.appId),
          eq(subscriptions.customerId, session.customerId),
        ),
      );
    if (!row) throw notFound(`Subscription ${subscriptionId}`);
    return row;
  }

  async function view(session: Caller, subscriptionId: string): Promise<Subscription> {
    const { app } = await session.tenant();
    const row = await loadOwn(session, subscriptionId);
    const [shown] = await toApiSubscriptions(db, app.country, [row], {
      withCycles: true,
      withExchanges: true,
    });
    if (!shown) throw notFound(`Subscription ${subscriptionId}`);
    return shown;
  }

  const notActionable = (row: SubscriptionRow, verb: string) =>
    new AppError(
      409,
      subscriptionErrorCodes.notActionable,
      `Subscription ${row.id} is ${toApiSubscriptionStatus(row.status as StoredSubscriptionStatus)}: it cannot ${verb}`,
    );

  /** Reads the plan's cycles and records them; a read that fails leaves them to the webhooks. */
  async function syncCycles(app: AppRow, row: SubscriptionRow) {
    if (!row.providerPlanId) return [];
    const cycles = await provider.readCycles(app, row.id, {
      providerPlanId: row.providerPlanId,
      currency: row.currency,
    });
    await applyCycles(row, cycles);
    return cycles;
  }

  /** The plan and its cycles as the provider holds them, applied; for the reconciler. */
  async function syncFromProvider(app: AppRow, row: SubscriptionRow) {
    if (!row.providerPlanId) return;
    const plan = await provider.readPlan(app, row.id, row.providerPlanId);
    if (plan.referenceId !== row.id) return;
    await applyPlan(row, plan);
    await syncCycles(app, row);
  }

  /**
   * The subscription a recurring webhook (or a cycle attempt's payment event) concerns, and its
   * check: the plan read back with the app's key must be this subscription's (reference, customer,
   * amount and currency), a cycle event's cycle one of the plan's, and an attempt's payment
   * request one its cycle made; what is applied is what the provider holds.
   */
  async function matchWebhook(event: {
    providerPlanId: string;
    referenceId: string | null;
    providerCycleId: string | null;
    providerRequestId: string | null;
  }): Promise<WebhookMatch> {
    // One read, so a create answered meanwhile cannot hide the row from both ways of finding
    // it: by its plan, or, while the create's answer is not in, by the plan's reference.
    const find = () =>
      db
        .select()
        .from(subscriptions)
        .where(
          or(
            eq(subscriptions.providerPlanId, event.providerPlanId),
            event.referenceId
              ? and(eq(subscriptions.id, event.referenceId), isNull(subscriptions.providerPlanId))
              : undefined,
          ),
        );
    let [row] = await find();
    if (!row) {
      // A plan's first webhooks may overtake the answer to its create (the provider promises no
      // order), and a cycle attempt's payment event names the plan only: while a create is still
      // unanswered the plan may be that one, so the provider is asked to send the event again.
      // With none unanswered now, a plan recorded since the first read is found by a second.
      const [creating] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.status, initialSubscriptionStatus))
        .limit(1);
      if (creating) {
        throw new AppError(
          503,
          'SUBSCRIPTION_NOT_YET_RECORDED',
          `The store has not yet recorded plan ${event.providerPlanId}; send the event again later`,
        );
      }
      [row] = await find();
    }
    if (!row) return { ignored: `No subscription of this store has plan ${event.providerPlanId}` };
    const [app] = await db.select().from(apps).where(eq(apps.id, row.appId));
    if (!app) return { ignored: `The app of subscription ${row.id} is gone` };
    const link = { subscriptionId: row.id };
    return {
      app,
      link,
      check: async () => {
        if (event.referenceId && event.referenceId !== row.id) {
          return {
            ignored: `The event names reference ${event.referenceId}, not subscription ${row.id}`,
          };
        }
        const plan = await provider.confirmPlan(app, row.id, event.providerPlanId);
        if (!plan) {
          return {
            ignored: `The provider holds no plan ${event.providerPlanId} for app ${app.id}`,
          };
        }
        const mismatch =
          plan.referenceId !== row.id ||
          plan.amount !== row.amount ||
          plan.currency !== row.currency ||
          !plan.tokenIds.includes(row.providerTokenId) ||
          (row.providerCustomerId !== null && plan.providerCustomerId !== row.providerCustomerId);
        if (mismatch) {
          return {
            ignored: `Plan ${plan.providerPlanId} as the provider holds it is not ${row.id}`,
          };
        }
        const cycles =
          (await provider.confirmCycles(app, row.id, {
            providerPlanId: plan.providerPlanId,
            currency: row.currency,
          })) ?? [];
        if (
          event.providerCycleId &&
          !cycles.some((cycle) => cycle.providerCycleId === event.providerCycleId)
        ) {
          return { ignored: `Plan ${plan.providerPlanId} has no cycle ${event.providerCycleId}` };
        }
        // A cycle attempt's payment event: one of the named cycle's (or the plan's) attempts made it.
        const attempted = cycles.filter(
          (cycle) => !event.providerCycleId || cycle.providerCycleId === event.providerCycleId,
        );
        if (
          event.providerRequestId &&
          !attempted.some((cycle) => cycle.requestIds.includes(event.providerRequestId ?? ''))
        ) {
          return {
            ignored: `Payment request ${event.providerRequestId} is no attempt of plan ${plan.providerPlanId}'s cycles`,
          };
        }
        return {
          apply: async () => {
            await applyPlan(row, plan);
            await applyCycles(row, cycles);
          },
        };
      },
    };
  }

  /**
   * Claims subscriptions due for the reconciler's work, moving each one's next turn forward
   * first (FOR UPDATE SKIP LOCKED), so several store instances never work one at once.
   */
  async function claim(due: SQL | undefined, now: Date, next: SQL) {
    return db
      .update(subscriptions)
      .set({
        reconcileAttempts: sql`${subscriptions.reconcileAttempts} + 1`,
        nextReconcileAt: next,
      })
      .where(inArray(subscriptions.id, subscriptionClaimCandidates(db, due, now)))
      .returning();
  }

  /**
   * The reconciler's round for subscriptions: a create left CREATING (its answer lost) is sent
   * again under the same idempotency key with the same body; an open subscription is read from the
   * provider now and then, so a webhook lost for good loses no cycle.
   */
  async function reconcile(now: Date): Promise<SubscriptionReconcileReport> {
    const report: SubscriptionReconcileReport = { created: 0, failed: 0, synced: 0, open: 0 };
    const appsById = new Map((await db.select().from(apps)).map((row) => [row.id, row]));
    const unanswered = new Date(now.getTime() - config.xendit.timeoutMs - createMarginMs);
    const backoff = sql`now() + least(interval '1 minute' * power(2, least(${subscriptions.reconcileAttempts}, 12)), interval '6 hours')`;
    const stuck = await claim(stuckSubscriptions(unanswered), now, backoff);
    for (const row of stuck) {
      const app = appsById.get(row.appId);
      if (!app) continue;
      const outcome = await subscriber.settle(app, row);
      if (outcome.answer) report.created += 1;
      else if (outcome.refused) report.failed += 1;
      else report.open += 1;
    }
    const open = await claim(
      inArray(subscriptions.status, [...subscriptionStatusesReadFromProvider]),
      now,
      sql`${now.toISOString()}::timestamptz + ${quietSyncInterval}`,
    );
    for (const row of open) {
      const app = appsById.get(row.appId);
      if (!app) continue;
      try {
        await syncFromProvider(app, row);
        report.synced += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        report.open += 1;
      }
    }
    return report;
  }

  /** Cancel: the provider deactivates the plan; CANCELLED is final, and no cycle is charged. */
  async function cancel(session: Caller, subscriptionId: string): Promise<Subscription> {
    const row = await loadOwn(session, subscriptionId);
    if (isSubscriptionCancelled(row.status)) return view(session, subscriptionId);
    if (!canCancelSubscription(row.status) || !row.providerPlanId) {
      throw notActionable(row, 'be cancelled');
    }
    const { app } = await session.tenant();
    // Recorded first: the plan's inactivation may reach the store before this call's answer.
    await db
      .update(subscriptions)
      .set({ cancelRequestedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id));
    try {
      await provider.deactivatePlan(app, row.id, row.providerPlanId);
    } catch (error) {
      // Refused: the plan goes on, and its end later is the provider's, not this cancel. A lost
      // answer keeps the request: the provider may have deactivated the plan.
      if (isRefusal(error)) {
        await db
          .update(subscriptions)
          .set({ cancelRequestedAt: null })
          .where(eq(subscriptions.id, row.id));
      }
      throw error;
    }
    await moveSubscription(db, row.id, 'CANCELLED');
    try {
      await syncCycles(app, row);
    } catch (error) {
      // The cancelled cycles also come by webhook.
      if (!(error instanceof AppError)) throw error;
    }
    return view(session, subscriptionId);
  }

  /**
   * Before a method is unlinked: ends, each through cancel, the caller's open subscriptions it
   * pays, so none goes on charging a token the store cancelled. One whose create the provider has
   * not yet answered cannot be ended yet, and one the provider does not deactivate stays as it
   * is: either way the caller is told, and the method stays linked (those ended before stay so).
   */
  async function endPaidBy(session: Caller, paymentMethodId: string): Promise<void> {
    const open = await db
      .select()
      .from(subscriptions)
      .where(openSubscriptionsPaidBy(session, [paymentMethodId]))
      .orderBy(asc(subscriptions.createdAt));
    const stillPays = (row: SubscriptionRow, why: string) =>
      `Payment method ${paymentMethodId} pays subscription ${row.id} (${row.productName}), ${why}; the method stays linked`;
    for (const row of open) {
      if (isSubscriptionCreating(row.status)) {
        throw new AppError(
          409,
          paymentMethodErrorCodes.paysSubscription,
          stillPays(row, 'still being set up at the provider: try again in a minute'),
        );
      }
      try {
        await cancel(session, row.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Ended meanwhile (the provider ended the plan): nothing of it is left to end.
        if (error.errorCode === subscriptionErrorCodes.notActionable) continue;
        throw new AppError(
          error.statusCode,
          paymentMethodErrorCodes.paysSubscription,
          stillPays(row, `which could not be cancelled (${error.errorCode}: ${error.message})`),
          error.exchange,
          error.providerOutcome,
        );
      }
    }
  }

  return {
    matchWebhook,
    reconcile,

    async create(
      session: Caller,
      request: Parameters<typeof subscriber.create>[1],
      idempotencyKey: string | undefined,
    ): Promise<Subscription> {
      const row = await subscriber.create(session, request, idempotencyKey);
      return view(session, row.id);
    },

    /** A page of the customer's subscriptions, newest first. */
    async list(
      session: Caller,
      query: { cursor?: string; limit: number },
    ): Promise<{ subscriptions: Subscription[]; next_cursor: string | null }> {
      const { app } = await session.tenant();
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select({ subscription: subscriptions, exactCreatedAt: exactTime(subscriptions.createdAt) })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.appId, session.appId),
            eq(subscriptions.customerId, session.customerId),
            after ? rowsAfter(subscriptions.createdAt, subscriptions.id, after) : undefined,
          ),
        )
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(query.limit + 1);
      const { page, nextCursor } = pageOf(rows, query.limit, (row) => ({
        createdAt: row.exactCreatedAt,
        id: row.subscription.id,
      }));
      return {
        subscriptions: await toApiSubscriptions(
          db,
          app.country,
          page.map((row) => row.subscription),
        ),
        next_cursor: nextCursor,
      };
    },

    get: view,

    cancel,
    endPaidBy,

    /**
     * Development mode: the provider charges the next scheduled cycle now. `spend` takes the
     * subscription's own budgets once it is known to be the caller's and runnable, before each
     * provider call: reading its cycles ('read'), then charging one ('run'); each is an exchange
     * or more in its log, and a run a cycle in its list.
     */
    async runNextCycle(
      session: Caller,
      subscriptionId: string,
      spend: (row: SubscriptionRow, step: 'read' | 'run') => Promise<void> = async () => undefined,
    ): Promise<Subscription> {
      // Ownership first: another customer's subscription is not found, in any mode.
      const row = await loadOwn(session, subscriptionId);
      const { app } = await session.tenant();
      if (app.mode !== 'development') {
        throw new AppError(
          403,
          subscriptionErrorCodes.simulationNotAllowed,
          'A cycle can be run ahead of its date in development mode only',
        );
      }
      if (!isSubscriptionActive(row.status) || !row.providerPlanId) {
        throw notActionable(row, 'run a cycle now');
      }
      await spend(row, 'read');
      const plan = { providerPlanId: row.providerPlanId, currency: row.currency };
      const scheduled = (await syncCycles(app, row)).find((cycle) =>
        isCycleScheduled(cycle.status),
      );
      if (!scheduled) {
        throw new AppError(
          409,
          subscriptionErrorCodes.noScheduledCycle,
          `Subscription ${row.id} has no cycle waiting for its date yet`,
        );
      }
      await spend(row, 'run');
      try {
        await applyCycles(row, [
          await provider.simulateCycle(app, row.id, plan, scheduled.providerCycleId),
        ]);
      } catch (error) {
        // The cycle moved on meanwhile (charged on its date, say): the customer sees it as it is.
        if (!isRefusal(error)) throw error;
      }
      await syncCycles(app, row);
      return view(session, subscriptionId);
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
