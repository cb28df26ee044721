import type {
  CreatePaymentRequestBody,
  PaymentToken,
  RecurringAttempt,
  RecurringCycle,
  RecurringCycleStatus,
  RecurringPlan,
  UpdateRecurringCycleBody,
  RecurringWebhookEventName,
} from '@store/xendit';
import { RECURRING_FAILING_AMOUNTS } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError } from '../api-error.ts';
import { authorisationOutcome, type Outcome } from '../cards.ts';
import type { Database } from '../db/database.ts';
import { newRecurringCycleId } from '../ids.ts';
import { jobInsert } from '../jobs.ts';
import { childrenOf, insertObject, loadObject, saveObject } from '../objects.ts';
import { createPaymentRequest } from '../payment-requests/service.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import { after, retryDelayMs } from './schedule.ts';

// A plan's cycles: each one SCHEDULED for its date, then charged (a payment request on the plan's
// saved methods, by rank), retried as the schedule says, and ended SUCCEEDED or FAILED, after which
// the next one is scheduled or the plan ends. Every later step is a scheduled job in the database
// that carries the cycle's generation: any change of the cycle (an attempt, an update, a cancel)
// moves the generation on, so a job that lost the race finds it changed and does nothing.

export type CycleInternal = {
  generation: number;
  /** The cycle's date by the schedule (before updates and retries): the next one counts from it. */
  dueAt: string;
};

export type AttemptJob = { generation: number; type: RecurringAttempt['type'] };

type StoredCycle = { data: RecurringCycle; internal: CycleInternal };

/** The statuses a cycle may move to from each; every change checks it first. */
const TRANSITIONS: Record<RecurringCycleStatus, readonly RecurringCycleStatus[]> = {
  SCHEDULED: ['PENDING', 'CANCELLED'],
  PENDING: ['SUCCEEDED', 'RETRYING', 'FAILED'],
  RETRYING: ['PENDING', 'CANCELLED'],
  SUCCEEDED: [],
  FAILED: [],
  CANCELLED: [],
};

const cycleEvents: Partial<Record<RecurringCycleStatus, RecurringWebhookEventName>> = {
  SUCCEEDED: 'recurring.cycle.succeeded',
  RETRYING: 'recurring.cycle.retrying',
  FAILED: 'recurring.cycle.failed',
};

const ineligibleCycle = (action: string) =>
  new ApiError(
    403,
    'INELIGIBLE_CYCLE_REQUEST',
    `Requested changes to cycle cannot be processed. Only cycles in "SCHEDULED" status can be ${action}`,
  );

const cycleNotFound = () =>
  new ApiError(
    404,
    'DATA_NOT_FOUND',
    'Recurring cycle_id not found. Please check your query again.',
  );

export const planNotFound = () =>
  new ApiError(
    404,
    'DATA_NOT_FOUND',
    'Recurring plan_id not found. Please check your query again.',
  );

export async function loadPlan(db: Database, owner: Owner, id: string, forUpdate = false) {
  const stored = await loadObject<RecurringPlan>(db, owner, 'recurring_plan', id, { forUpdate });
  if (!stored) throw planNotFound();
  return stored;
}

async function loadCycle(
  db: Database,
  owner: Owner,
  planId: string,
  id: string,
  forUpdate = false,
): Promise<StoredCycle> {
  const stored = await loadObject<RecurringCycle>(db, owner, 'recurring_cycle', id, { forUpdate });
  if (!stored || stored.data.plan_id !== planId) throw cycleNotFound();
  return stored as StoredCycle;
}

async function move(
  tx: Database,
  owner: Owner,
  cycle: StoredCycle,
  status: RecurringCycleStatus,
  changes: Partial<RecurringCycle> = {},
) {
  if (!TRANSITIONS[cycle.data.status].includes(status)) {
    throw ineligibleCycle('moved');
  }
  cycle.data = { ...cycle.data, ...changes, status, updated: new Date().toISOString() };
  cycle.internal = { ...cycle.internal, generation: cycle.internal.generation + 1 };
  await saveObject(tx, cycle.data.id, cycle.data, cycle.internal);
  const event = cycleEvents[status];
  if (event) await enqueueWebhook(tx, owner, event, cycle.data);
}

/** A new cycle of the plan, SCHEDULED for `dueAt` (now or later), with its created webhook and job. */
export async function scheduleCycle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  plan: RecurringPlan,
  cycleNumber: number,
  dueAt: Date,
): Promise<RecurringCycle> {
  const now = new Date().toISOString();
  const cycle: RecurringCycle = {
    id: newRecurringCycleId(),
    type: 'SCHEDULED',
    reference_id: plan.reference_id,
    plan_id: plan.id,
    customer_id: plan.customer_id,
    recurring_action: plan.recurring_action,
    cycle_number: cycleNumber,
    status: 'SCHEDULED',
    currency: plan.currency,
    amount: plan.amount,
    scheduled_timestamp: dueAt.toISOString(),
    attempt_count: 0,
    attempt_details: [],
    metadata: plan.metadata,
    created: now,
    updated: now,
  };
  const internal: CycleInternal = { generation: 0, dueAt: dueAt.toISOString() };
  await insertObject(tx, owner, 'recurring_cycle', cycle.id, cycle, internal, plan.id);
  await enqueueWebhook(tx, owner, 'recurring.cycle.created', cycle);
  await jobInsert(
    tx,
    owner,
    'recurring.cycle.attempt',
    cycle.id,
    Math.max(0, dueAt.getTime() - Date.now()),
    { generation: 0, type: 'INITIAL' } satisfies AttemptJob,
  );
  return cycle;
}

/** The cycle a plan charges at once on creation (immediate_action_type FULL_AMOUNT). */
export async function immediateCycle(
  tx: Database,
  owner: Owner,
  plan: RecurringPlan,
): Promise<StoredCycle> {
  const now = new Date().toISOString();
  const cycle: StoredCycle = {
    data: {
      id: newRecurringCycleId(),
      type: 'IMMEDIATE',
      reference_id: plan.reference_id,
      plan_id: plan.id,
      customer_id: plan.customer_id,
      recurring_action: plan.recurring_action,
      cycle_number: 1,
      status: 'SCHEDULED',
      currency: plan.currency,
      amount: plan.amount,
      scheduled_timestamp: now,
      attempt_count: 0,
      attempt_details: [],
      metadata: plan.metadata,
      created: now,
      updated: now,
    },
    internal: { generation: 0, dueAt: now },
  };
  await insertObject(
    tx,
    owner,
    'recurring_cycle',
    cycle.data.id,
    cycle.data,
    cycle.internal,
    plan.id,
  );
  await enqueueWebhook(tx, owner, 'recurring.cycle.created', cycle.data);
  return cycle;
}

/**
 * The outcome of charging a cycle: the subscription test amounts of the provider's guide fail as it
 * lists, the payment test amounts as they do for any payment, anything else succeeds.
 */
function chargeOutcome(amount: number): Outcome {
  const failureCode = RECURRING_FAILING_AMOUNTS[amount];
  return failureCode ? { status: 'FAILED', failureCode } : authorisationOutcome(amount);
}

/**
 * One attempt at a cycle: a payment request on each of the plan's methods by rank until one
 * succeeds. Each is an ordinary payment request (its own id, payment and webhooks, refundable).
 * Returns whether the cycle was paid.
 */
async function charge(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  plan: RecurringPlan,
  cycle: StoredCycle,
  type: RecurringAttempt['type'],
  outcomeAmount: number,
): Promise<boolean> {
  const attemptNumber = (cycle.data.attempt_count ?? 0) + 1;
  const details: RecurringAttempt[] = [...(cycle.data.attempt_details ?? [])];
  const methods = [...(plan.payment_methods ?? [])].sort((a, b) => a.rank - b.rank);
  let paid = false;
  for (const [index, method] of methods.entries()) {
    const attempt: RecurringAttempt = {
      attempt_number: attemptNumber,
      action_number: index + 1,
      type,
      created: new Date().toISOString(),
      payment_method_id: method.payment_method_id,
      status: 'FAILED',
    };
    const token = await loadObject<PaymentToken>(
      tx,
      owner,
      'payment_token',
      method.payment_method_id,
    );
    if (!token || token.data.status !== 'ACTIVE') {
      attempt.failure_code = 'PAYMENT_METHOD_NOT_ACTIVE';
      details.push(attempt);
      continue;
    }
    const body: CreatePaymentRequestBody = {
      reference_id: `${cycle.data.id}-${attemptNumber}-${index + 1}`,
      type: 'PAY',
      country: token.data.country,
      currency: cycle.data.currency ?? plan.currency,
      request_amount: cycle.data.amount,
      payment_token_id: token.data.payment_token_id,
      description: plan.description ?? `Subscription ${plan.reference_id}`,
      metadata: { recurring_plan_id: plan.id, recurring_cycle_id: cycle.data.id },
    };
    try {
      const paymentRequest = await createPaymentRequest(ctx, tx, owner, body, {
        merchantInitiated: chargeOutcome(outcomeAmount),
      });
      attempt.action_id = paymentRequest.payment_request_id;
      attempt.status = paymentRequest.status === 'SUCCEEDED' ? 'SUCCEEDED' : 'FAILED';
      attempt.failure_code = paymentRequest.failure_code ?? undefined;
    } catch (error) {
      // A charge the payment request rules refuse (the token's amount limits, say) fails the action.
      if (!(error instanceof ApiError)) throw error;
      attempt.failure_code = error.errorCode;
    }
    details.push(attempt);
    if (attempt.status === 'SUCCEEDED') {
      paid = true;
      break;
    }
  }
  cycle.data = { ...cycle.data, attempt_count: attemptNumber, attempt_details: details };
  return paid;
}

/** Ends the plan: INACTIVE, its open cycles cancelled, and recurring.plan.inactivated. */
export async function inactivatePlan(
  tx: Database,
  owner: Owner,
  plan: { data: RecurringPlan; internal: Record<string, unknown> },
) {
  plan.data = { ...plan.data, status: 'INACTIVE', updated: new Date().toISOString() };
  await saveObject(tx, plan.data.id, plan.data);
  for (const cycle of await childrenOf<RecurringCycle>(tx, 'recurring_cycle', plan.data.id)) {
    if (cycle.status !== 'SCHEDULED' && cycle.status !== 'RETRYING') continue;
    const stored = await loadCycle(tx, owner, plan.data.id, cycle.id, true);
    await move(tx, owner, stored, 'CANCELLED');
  }
  await enqueueWebhook(tx, owner, 'recurring.plan.inactivated', plan.data);
}

/** After a cycle ends: the next one, or the end of the plan (its last cycle, or a failure with STOP). */
async function followCycle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  plan: { data: RecurringPlan; internal: Record<string, unknown> },
  cycle: StoredCycle,
) {
  const { schedule } = plan.data;
  const number = cycle.data.cycle_number ?? 1;
  const stop =
    (cycle.data.status === 'FAILED' && plan.data.failed_cycle_action === 'STOP') ||
    (schedule.total_recurrence != null && number >= schedule.total_recurrence);
  if (stop) {
    await inactivatePlan(tx, owner, plan);
    return;
  }
  const next = after(
    new Date(cycle.internal.dueAt),
    schedule.interval,
    schedule.interval_count,
    ctx.recurringDayMs,
  );
  await scheduleCycle(ctx, tx, owner, plan.data, number + 1, next);
}

/**
 * Runs an attempt and settles the cycle by it: SUCCEEDED, RETRYING with the next retry scheduled
 * (while retries remain), or FAILED; the plan goes on or ends as it says.
 */
async function attemptCycle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  plan: { data: RecurringPlan; internal: Record<string, unknown> },
  cycle: StoredCycle,
  type: RecurringAttempt['type'],
  outcomeAmount = cycle.data.amount,
) {
  await move(tx, owner, cycle, 'PENDING');
  const paid = await charge(ctx, tx, owner, plan.data, cycle, type, outcomeAmount);
  if (paid) {
    await move(tx, owner, cycle, 'SUCCEEDED');
    await followCycle(ctx, tx, owner, plan, cycle);
    return;
  }
  const { schedule } = plan.data;
  const retriesMade = new Set(
    (cycle.data.attempt_details ?? [])
      .filter((attempt) => attempt.type === 'RETRY')
      .map((attempt) => attempt.attempt_number),
  ).size;
  if (retriesMade < (schedule.total_retry ?? 0)) {
    const delay = retryDelayMs(schedule, ctx.recurringDayMs);
    const nextRetry = new Date(Date.now() + delay).toISOString();
    const details = [...(cycle.data.attempt_details ?? [])];
    const last = details.at(-1);
    if (last) details[details.length - 1] = { ...last, next_retry_timestamp: nextRetry };
    await move(tx, owner, cycle, 'RETRYING', {
      attempt_details: details,
      scheduled_timestamp: nextRetry,
    });
    await jobInsert(tx, owner, 'recurring.cycle.attempt', cycle.data.id, delay, {
      generation: cycle.internal.generation,
      type: 'RETRY',
    } satisfies AttemptJob);
    return;
  }
  await move(tx, owner, cycle, 'FAILED');
  await followCycle(ctx, tx, owner, plan, cycle);
}

/** The plan's cycle charged on creation: its failure ends the plan (no retries). */
export async function chargeImmediately(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  plan: { data: RecurringPlan; internal: Record<string, unknown> },
): Promise<boolean> {
  const cycle = await immediateCycle(tx, owner, plan.data);
  await move(tx, owner, cycle, 'PENDING');
  const paid = await charge(ctx, tx, owner, plan.data, cycle, 'INITIAL', cycle.data.amount);
  await move(tx, owner, cycle, paid ? 'SUCCEEDED' : 'FAILED');
  return paid;
}

/** What the worker runs when a cycle or its retry is due, unless the cycle changed meanwhile. */
export async function runCycleAttemptJob(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  cycleId: string,
  job: AttemptJob,
) {
  const found = await loadObject<RecurringCycle>(tx, owner, 'recurring_cycle', cycleId);
  if (!found) return;
  // The plan first, then the cycle, as every call that changes both locks them.
  const plan = await loadPlan(tx, owner, found.data.plan_id, true);
  const cycle = await loadCycle(tx, owner, plan.data.id, cycleId, true);
  if (cycle.internal.generation !== job.generation || plan.data.status !== 'ACTIVE') return;
  if (cycle.data.status !== 'SCHEDULED' && cycle.data.status !== 'RETRYING') return;
  await attemptCycle(ctx, tx, owner, plan, cycle, job.type);
}

export async function listCycles(db: Database, owner: Owner, planId: string) {
  await loadPlan(db, owner, planId);
  const cycles = await childrenOf<RecurringCycle>(db, 'recurring_cycle', planId);
  return cycles.sort((a, b) => (a.cycle_number ?? 0) - (b.cycle_number ?? 0));
}

export async function getCycle(db: Database, owner: Owner, planId: string, id: string) {
  return (await loadCycle(db, owner, planId, id)).data;
}

async function lockBoth(tx: Database, owner: Owner, planId: string, id: string) {
  const plan = await loadPlan(tx, owner, planId, true);
  const cycle = await loadCycle(tx, owner, planId, id, true);
  return { plan, cycle };
}

export async function updateCycle(
  tx: Database,
  owner: Owner,
  planId: string,
  id: string,
  body: UpdateRecurringCycleBody,
) {
  const { cycle } = await lockBoth(tx, owner, planId, id);
  if (cycle.data.status !== 'SCHEDULED') throw ineligibleCycle('cancelled or updated');
  const generation = cycle.internal.generation + 1;
  cycle.data = {
    ...cycle.data,
    ...body,
    amount: body.amount === undefined ? cycle.data.amount : Number(body.amount),
    updated: new Date().toISOString(),
  };
  cycle.internal = { ...cycle.internal, generation };
  await saveObject(tx, id, cycle.data, cycle.internal);
  const dueAt = new Date(cycle.data.scheduled_timestamp ?? Date.now());
  await jobInsert(
    tx,
    owner,
    'recurring.cycle.attempt',
    id,
    Math.max(0, dueAt.getTime() - Date.now()),
    {
      generation,
      type: 'INITIAL',
    } satisfies AttemptJob,
  );
  return cycle.data;
}

/** A cancelled cycle is skipped: no charge on its date, and the plan goes on to the next one. */
export async function cancelCycle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  planId: string,
  id: string,
) {
  const { plan, cycle } = await lockBoth(tx, owner, planId, id);
  if (cycle.data.status !== 'SCHEDULED') throw ineligibleCycle('cancelled or updated');
  await move(tx, owner, cycle, 'CANCELLED');
  if (plan.data.status === 'ACTIVE') await followCycle(ctx, tx, owner, plan, cycle);
  return cycle.data;
}

/** Forced attempts a cycle takes at most (docs.xendit.co/recurring/features/force-recurring-cycle-attempt). */
const MAX_FORCED_ATTEMPTS = 5;

/**
 * An attempt now, before the cycle's date or its next retry (type FORCED). Paid, the cycle
 * SUCCEEDED as any; refused, it keeps its status and its date (no retry is used up) and the
 * merchant hears recurring.cycle.force_attempt_failed, as the provider's force-attempt guide says
 * (docs.xendit.co/recurring/features/force-recurring-cycle-attempt, and the events listed at
 * docs.xendit.co/apidocs/subscription-webhook).
 */
export async function forceAttempt(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  planId: string,
  id: string,
) {
  const { plan, cycle } = await lockBoth(tx, owner, planId, id);
  if (
    plan.data.status !== 'ACTIVE' ||
    (cycle.data.status !== 'SCHEDULED' && cycle.data.status !== 'RETRYING')
  ) {
    throw new ApiError(
      403,
      'INELIGIBLE_CYCLE_REQUEST',
      `Requested changes to cycle cannot be processed. Only cycles in "SCHEDULED" or "RETRYING" status of an ACTIVE plan can be attempted`,
    );
  }
  const forced = new Set(
    (cycle.data.attempt_details ?? [])
      .filter((attempt) => attempt.type === 'FORCED')
      .map((attempt) => attempt.attempt_number),
  ).size;
  if (forced >= MAX_FORCED_ATTEMPTS) {
    throw new ApiError(
      403,
      'INELIGIBLE_CYCLE_REQUEST',
      `Requested changes to cycle cannot be processed. A cycle can be force attempted ${MAX_FORCED_ATTEMPTS} times at most`,
    );
  }
  const paid = await charge(ctx, tx, owner, plan.data, cycle, 'FORCED', cycle.data.amount);
  if (paid) {
    await move(tx, owner, cycle, 'PENDING');
    await move(tx, owner, cycle, 'SUCCEEDED');
    await followCycle(ctx, tx, owner, plan, cycle);
    return cycle.data;
  }
  // The generation stays: the attempt already scheduled (the cycle's date, or its retry) still runs.
  cycle.data = { ...cycle.data, updated: new Date().toISOString() };
  await saveObject(tx, cycle.data.id, cycle.data, cycle.internal);
  await enqueueWebhook(tx, owner, 'recurring.cycle.force_attempt_failed', cycle.data);
  return cycle.data;
}

/**
 * Test mode: the cycle's charge now instead of on its date. `amount` picks the outcome as in the
 * provider's subscription test guide (https://docs.xendit.co/recurring/test-setup); the payment is
 * of the cycle's amount. A failure retries as scheduled.
 */
export async function simulateCycle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  planId: string,
  id: string,
  amount: number | undefined,
) {
  if (owner.mode !== 'test') {
    throw new ApiError(
      403,
      'INELIGIBLE_CYCLE_REQUEST',
      'Cycle payments can be simulated in test mode only',
    );
  }
  const { plan, cycle } = await lockBoth(tx, owner, planId, id);
  if (cycle.data.status !== 'SCHEDULED' || plan.data.status !== 'ACTIVE') {
    throw ineligibleCycle('simulated');
  }
  await attemptCycle(ctx, tx, owner, plan, cycle, 'INITIAL', amount ?? cycle.data.amount);
  return cycle.data;
}
