import { and, asc, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { statusIn } from '../db/status-literals.ts';
import { apps, payments, rateLimitWindows, refunds } from '../db/schema.ts';
import { isRefusal } from '../http/app-error.ts';
import { initialPaymentStatus, statusesReadFromProvider } from '../statuses/payment-status.ts';
import { refundStatusesAwaitingProvider } from '../statuses/refund-status.ts';
import type { Provider } from '../provider/adapter.ts';
import type { RefundService } from '../refunds/refund-service.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { SubscriptionService } from '../subscriptions/subscription-service.ts';

/** What one reconciliation round did. */
export interface ReconcileReport {
  /** Payments stuck CREATING whose create was replayed and answered. */
  created: number;
  /** Payments stuck CREATING that the provider refused: now FAILED. */
  failed: number;
  /** Payments awaiting the provider whose status was read because no webhook came. */
  refreshed: number;
  /** Refunds stuck PENDING without a provider id, replayed (accepted or rolled back). */
  refundsSettled: number;
  /** Left for the next round: the provider was still unreachable. */
  open: number;
  /** Subscriptions stuck CREATING whose plan create was replayed and answered, or refused. */
  subscriptionsCreated: number;
  subscriptionsFailed: number;
  /** Open subscriptions read from the provider, in case a webhook was lost for good. */
  subscriptionsSynced: number;
}

/** Time a create is given beyond the provider timeout before it counts as unanswered. */
const createMarginMs = 5_000;
/** A payment the provider may still change is read when nothing came for this long. */
const staleAfterMs = 60_000;
/** Work per round, so that one round after a long outage does not flood the provider. */
const batchSize = 200;
/**
 * How long an open payment is worked before the store gives up on it: past this, a read that
 * shows the provider holds no such payment request fails it.
 */
const giveUpAfterMs = 24 * 3_600_000;
/**
 * The wait before a payment is worked again: a minute, doubling with each attempt, at most six
 * hours, so an outage is not answered with a flood and an unknown outcome is not retried for ever
 * at the same pace.
 */
const nextAttemptAt = sql`now() + least(interval '1 minute' * power(2, least(${payments.reconcileAttempts}, 12)), interval '6 hours')`;

/** What a round claims: the rows it may work, and the order it takes them in. */
export interface ReconcilerScan {
  due: SQL | undefined;
  oldestFirst: typeof payments.createdAt | typeof payments.updatedAt;
}

/**
 * Payments left CREATING since before `unanswered`. Their predicate implies the partial index
 * payments_creating's (schema.ts), which holds only those.
 */
export const stuckCreates = (unanswered: Date): ReconcilerScan => ({
  due: and(statusIn(payments.status, [initialPaymentStatus]), lt(payments.createdAt, unanswered)),
  oldestFirst: payments.createdAt,
});

/**
 * Payments the provider may still change (on its hosted checkout they have only a session id),
 * quiet since `quiet`. Their predicate implies the partial index payments_awaiting_provider's
 * (schema.ts, migration 0015), so a round reads the open payments only, however many are settled.
 */
export const quietPayments = (quiet: Date): ReconcilerScan => ({
  due: and(
    statusIn(payments.status, statusesReadFromProvider),
    or(isNotNull(payments.providerRequestId), isNotNull(payments.providerSessionId)),
    lt(payments.updatedAt, quiet),
  ),
  oldestFirst: payments.updatedAt,
});

/** The ids a round claims on one scan: due now, oldest first, none another instance holds. */
export function claimCandidates(db: Database, now: Date, { due, oldestFirst }: ReconcilerScan) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(and(due, or(isNull(payments.nextReconcileAt), lte(payments.nextReconcileAt, now))))
    .orderBy(asc(oldestFirst))
    .limit(batchSize)
    .for('update', { skipLocked: true });
}

/**
 * Brings the store's records in line with the provider's after lost answers and lost webhooks:
 * - a payment stuck CREATING (the create call timed out, failed with a 5xx or a dropped
 *   connection, or the server died waiting) gets the same create again with the same idempotency
 *   key, and the answer is applied; a definite refusal fails it;
 * - a refund stuck PENDING without a provider id, likewise;
 * - a payment the provider may still change, quiet for a minute, has its status read (one still
 *   on the hosted checkout, its session);
 * - a subscription left CREATING gets its plan create again; an open one is read now and then;
 * A refund the provider accepted is left to its webhook, which the provider sends again until it
 * is answered: the published API has no way to read a refund (see webhooks/receiver.ts).
 * Every step goes through the state machines, so racing a webhook or another server is harmless.
 */
export function createReconciler(deps: {
  db: Database;
  config: ServerConfig;
  provider: Provider;
  payments: PaymentService;
  refunds: RefundService;
  subscriptions: SubscriptionService;
  log: FastifyBaseLogger;
}) {
  const { db, config, provider, payments: paymentService, refunds: refundService, log } = deps;
  const subscriptionService = deps.subscriptions;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<ReconcileReport> | null = null;

  /**
   * Claims the payments due for work, oldest first: each claimed row's next attempt moves forward
   * before any provider call, under FOR UPDATE SKIP LOCKED, so several store instances never work
   * one payment at once, and one that dies mid-round leaves its claims to expire.
   */
  async function claim(now: Date, scan: ReconcilerScan) {
    return db
      .update(payments)
      .set({
        reconcileAttempts: sql`${payments.reconcileAttempts} + 1`,
        nextReconcileAt: nextAttemptAt,
      })
      .where(inArray(payments.id, claimCandidates(db, now, scan)))
      .returning();
  }

  async function round(now: Date): Promise<ReconcileReport> {
    const report: ReconcileReport = {
      created: 0,
      failed: 0,
      refreshed: 0,
      refundsSettled: 0,
      open: 0,
      subscriptionsCreated: 0,
      subscriptionsFailed: 0,
      subscriptionsSynced: 0,
    };
    const unanswered = new Date(now.getTime() - config.xendit.timeoutMs - createMarginMs);
    const stuck = await claim(now, stuckCreates(unanswered));
    for (const payment of stuck) {
      // Card payments are created by the browser's cards script, not by a store call to replay.
      if (payment.channelCode === 'CARDS' && !payment.paymentMethodId) continue;
      const outcome = await paymentService.settleCreating(payment);
      if (outcome === 'settled') report.created += 1;
      else if (outcome === 'failed') report.failed += 1;
      else report.open += 1;
    }

    const quietRows = await claim(now, quietPayments(new Date(now.getTime() - staleAfterMs)));
    const appsOf = new Map(
      (quietRows.length
        ? await db
            .select()
            .from(apps)
            .where(inArray(apps.id, [...new Set(quietRows.map((row) => row.appId))]))
        : []
      ).map((row) => [row.id, row]),
    );
    for (const payment of quietRows) {
      const app = appsOf.get(payment.appId);
      if (!app) continue;
      const providerRequestId = payment.providerRequestId ?? '';
      try {
        // Still on the hosted checkout: its session says whether it completed, as its lost
        // webhook would have.
        if (!payment.providerRequestId) {
          await paymentService.readCheckoutSession(payment);
          report.refreshed += 1;
          continue;
        }
        const answer = await provider.readPayment(app, payment.id, providerRequestId);
        await paymentService.applyProviderPayment(payment, answer);
        report.refreshed += 1;
      } catch (error) {
        const givenUp = now.getTime() - payment.createdAt.getTime() > giveUpAfterMs;
        if (givenUp && isRefusal(error) && error.errorCode === 'DATA_NOT_FOUND') {
          await paymentService.transition(payment.id, 'FAILED', {
            failureCode: 'PAYMENT_REQUEST_NOT_FOUND',
            actions: [],
          });
          report.failed += 1;
          continue;
        }
        log.warn({ err: error, paymentId: payment.id }, 'reconciler: status read failed');
        report.open += 1;
      }
    }

    // Rate-limit windows with no hit for a day count for nothing.
    await db
      .delete(rateLimitWindows)
      .where(lt(rateLimitWindows.lastHitAt, new Date(now.getTime() - 86_400_000)));

    const unsentRefunds = await db
      .select()
      .from(refunds)
      .where(
        and(
          inArray(refunds.status, refundStatusesAwaitingProvider),
          isNull(refunds.providerRefundId),
          lt(refunds.createdAt, unanswered),
        ),
      )
      .orderBy(asc(refunds.createdAt))
      .limit(batchSize);
    for (const refund of unsentRefunds) {
      const outcome = await refundService.settleUnanswered(refund);
      if (outcome === 'open') report.open += 1;
      else report.refundsSettled += 1;
    }

    const subscriptions = await subscriptionService.reconcile(now);
    report.subscriptionsCreated = subscriptions.created;
    report.subscriptionsFailed = subscriptions.failed;
    report.subscriptionsSynced = subscriptions.synced;
    report.open += subscriptions.open;

    return report;
  }

  function startRound(at: Date): Promise<ReconcileReport> {
    const current = round(at).finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  /**
   * Runs one round now, after the one in progress if any. `at` moves the clock forward, so a test
   * need not wait for the thresholds to pass.
   */
  async function reconcileNow(options: { at?: Date } = {}): Promise<ReconcileReport> {
    while (running) await running.catch(() => undefined);
    return startRound(options.at ?? new Date());
  }

  async function backgroundRound() {
    if (running) return;
    try {
      const report = await startRound(new Date());
      const changed = Object.values(report).some((count) => count > 0);
      if (changed) log.info({ reconcile: report }, 'reconciled with the provider');
    } catch (error) {
      log.error({ err: error }, 'reconciliation round failed');
    }
  }

  return {
    reconcileNow,
    /** A round at once, then one every RECONCILE_INTERVAL_SECONDS (0: at start only). */
    start() {
      void backgroundRound();
      if (config.reconcileIntervalSeconds > 0 && !timer) {
        timer = setInterval(() => void backgroundRound(), config.reconcileIntervalSeconds * 1000);
        timer.unref();
      }
    },
    /** Stops the timer and waits for a round in progress, so the database can close after. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;
