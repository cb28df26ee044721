import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { callbackTokenFor, type Mode } from './accounts.ts';
import type { Database } from './db/database.ts';
import { scheduledJobs, webhookAttempts, webhookEvents } from './db/schema.ts';
import type { JobKind } from './jobs.ts';
import { runExpiryJob, runOutcomeJob } from './payment-requests/service.ts';
import { runCycleAttemptJob, type AttemptJob } from './recurring/cycles.ts';
import { runPlanActivationJob } from './recurring/plans.ts';
import { runRefundSettleJob } from './refunds/service.ts';
import { runSessionExpiryJob } from './sessions/service.ts';
import type { SimContext } from './sim-context.ts';

/**
 * The provider's retry schedule in seconds, each counted from the original attempt, not from the
 * retry before it: 15 min, 1 h, 3 h, 6 h, 12 h, 24 h ("Interval (relative to original attempt)",
 * docs.xendit.co/webhook/delivery-attempts-and-retries).
 */
export const PROVIDER_RETRY_SCHEDULE = [900, 3600, 10_800, 21_600, 43_200, 86_400];

/**
 * The provider waits 30 s for the merchant's answer; an attempt that times out is TIMEOUT, which
 * its automatic retries skip (help.xendit.co "Understanding ETIMEDOUT Webhook Behavior in Xendit";
 * docs.xendit.co/webhook/delivery-attempts-and-retries): the merchant resends it by hand.
 */
export const PROVIDER_DELIVERY_TIMEOUT_MS = 30_000;
/** Beyond the delivery's timeout, for recording its attempt before the claim runs out. */
const CLAIM_MARGIN_MS = 5_000;
const BATCH = 20;
/** Deliveries under way at most: beyond it, due webhooks wait for a later tick. */
const MAX_DELIVERING = 100;

export type WorkerOptions = {
  retryScheduleSeconds: readonly number[];
  deliveryTimeoutMs?: number;
  pollIntervalMs: number;
  logger?: FastifyBaseLogger;
};

/**
 * When the original attempt of an event's deliveries was made (the first since it was written or
 * last resent): the one being made now, or the one `retries` attempts back, as each failed attempt
 * is recorded in the transaction that counts it.
 */
async function originalAttemptAt(
  db: Database,
  event: typeof webhookEvents.$inferSelect,
  now: Date,
): Promise<Date> {
  if (event.retries === 0) return now;
  const [original] = await db
    .select({ attemptedAt: webhookAttempts.attemptedAt })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.eventId, event.id))
    .orderBy(desc(webhookAttempts.id))
    .limit(1)
    .offset(event.retries - 1);
  return original?.attemptedAt ?? now;
}

/**
 * One loop that runs due scheduled jobs and delivers due webhooks from the outbox. Everything it
 * needs is in the database, so a restarted simulator carries on where the last one stopped.
 */
export function createWorker(ctx: SimContext, options: WorkerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  const timeoutMs = options.deliveryTimeoutMs ?? PROVIDER_DELIVERY_TIMEOUT_MS;
  /** Deliveries under way, which a tick does not wait for (deliverDue) and stop does. */
  const delivering = new Set<Promise<void>>();

  const runJobs = async () => {
    const due = await ctx.db
      .select()
      .from(scheduledJobs)
      .where(and(isNull(scheduledJobs.doneAt), lte(scheduledJobs.runAt, new Date())))
      .orderBy(asc(scheduledJobs.runAt))
      .limit(BATCH);
    for (const job of due) {
      await ctx.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(scheduledJobs)
          .set({ doneAt: new Date() })
          .where(and(eq(scheduledJobs.id, job.id), isNull(scheduledJobs.doneAt)))
          .returning({ id: scheduledJobs.id });
        if (!claimed) return;
        const owner = { businessId: job.businessId, mode: job.mode as Mode };
        const kind = job.kind as JobKind;
        if (kind === 'payment_request.outcome') {
          await runOutcomeJob(ctx, tx, owner, job.targetId, job.payload);
        } else if (kind === 'payment_request.expire') {
          await runExpiryJob(tx, owner, job.targetId);
        } else if (kind === 'session.expire') {
          await runSessionExpiryJob(tx, owner, job.targetId);
        } else if (kind === 'recurring.plan.activate') {
          await runPlanActivationJob(ctx, tx, owner, job.targetId);
        } else if (kind === 'recurring.cycle.attempt') {
          await runCycleAttemptJob(ctx, tx, owner, job.targetId, job.payload as AttemptJob);
        } else {
          await runRefundSettleJob(tx, owner, job.targetId);
        }
      });
    }
  };

  const deliver = async (event: typeof webhookEvents.$inferSelect) => {
    const account = ctx.keyring.account(event.businessId);
    const attemptedAt = new Date();
    let responseStatus: number | null = null;
    let error: string | null = null;
    let timedOut = false;
    const url = account?.webhookUrl ?? '';
    if (!account) {
      error = `No account ${event.businessId} is configured`;
    } else {
      try {
        const response = await fetch(account.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-callback-token': callbackTokenFor(account, event.mode),
            'webhook-id': event.id,
          },
          body: JSON.stringify(event.payload),
          signal: AbortSignal.timeout(timeoutMs),
        });
        responseStatus = response.status;
        await response.arrayBuffer();
      } catch (cause) {
        // No answer at all is the provider's TIMEOUT; an answer whose body was slow is that answer.
        timedOut =
          responseStatus === null && cause instanceof Error && cause.name === 'TimeoutError';
        error = timedOut
          ? `TIMEOUT: no answer within ${timeoutMs} ms`
          : cause instanceof Error
            ? String(cause.cause ?? cause.message)
            : String(cause);
      }
    }
    const delivered = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
    const delaySeconds = options.retryScheduleSeconds[event.retries];
    await ctx.db.transaction(async (tx) => {
      const original = await originalAttemptAt(tx, event, attemptedAt);
      await tx.insert(webhookAttempts).values({
        eventId: event.id,
        url,
        attemptedAt,
        durationMs: Date.now() - attemptedAt.getTime(),
        responseStatus,
        error,
      });
      await tx
        .update(webhookEvents)
        .set(
          delivered
            ? { status: 'DELIVERED', deliveredAt: new Date() }
            : delaySeconds === undefined || timedOut
              ? { status: 'FAILED', retries: event.retries + 1 }
              : {
                  retries: event.retries + 1,
                  nextAttemptAt: new Date(original.getTime() + delaySeconds * 1000),
                },
        )
        .where(eq(webhookEvents.id, event.id));
    });
    if (!delivered) {
      options.logger?.warn(
        { eventId: event.id, event: event.event, responseStatus, error },
        'webhook delivery failed',
      );
    }
  };

  const deliverDue = async () => {
    if (delivering.size >= MAX_DELIVERING) return;
    // Claimed before they are sent, so that simulators sharing the database (the bench's) send each
    // once: a due event is put off past the delivery's timeout by the one that takes it, and the
    // others skip it. One that stops mid-delivery leaves it due again then: none is lost.
    const claimable = ctx.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.status, 'PENDING'), lte(webhookEvents.nextAttemptAt, new Date())))
      .orderBy(asc(webhookEvents.nextAttemptAt), asc(webhookEvents.createdAt))
      .limit(Math.min(BATCH, MAX_DELIVERING - delivering.size))
      .for('update', { skipLocked: true });
    const due = await ctx.db
      .update(webhookEvents)
      .set({ nextAttemptAt: new Date(Date.now() + timeoutMs + CLAIM_MARGIN_MS) })
      .where(inArray(webhookEvents.id, claimable))
      .returning();
    // Sent without waiting for their answers: a merchant's endpoint slow to answer (up to the
    // delivery's timeout) held every other webhook, every account's, and every due job behind it.
    // Each is claimed past its timeout, so later ticks do not send it again meanwhile.
    for (const event of due) {
      const delivery: Promise<void> = deliver(event)
        .catch((error: unknown) => {
          options.logger?.error({ err: error, eventId: event.id }, 'webhook attempt not recorded');
        })
        .finally(() => delivering.delete(delivery));
      delivering.add(delivery);
    }
  };

  const tick = async () => {
    try {
      await runJobs();
      await deliverDue();
    } catch (error) {
      options.logger?.error({ err: error }, 'simulator worker failed');
    }
  };

  /** Runs a tick now, or right after the current one, never two at once. */
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = tick().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        kick();
      }
    });
  };

  return {
    kick,
    start() {
      stopped = false;
      timer = setInterval(kick, options.pollIntervalMs);
      kick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await Promise.all(delivering);
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;

/** Webhooks still to be delivered, for /_sim/health. */
export const pendingWebhookCount = (ctx: SimContext) =>
  ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEvents)
    .where(eq(webhookEvents.status, 'PENDING'));
