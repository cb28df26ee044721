import { eq } from 'drizzle-orm';
import type {
  CreateRecurringPlanBody,
  PaymentToken,
  RecurringPlan,
  RecurringSchedule,
  UpdateRecurringPlanBody,
  UpdateRecurringScheduleBody,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, notFound } from '../api-error.ts';
import { CHANNELS } from '../channels.ts';
import { requireCustomer } from '../customers/service.ts';
import type { Database } from '../db/database.ts';
import { providerObjects } from '../db/schema.ts';
import { newRecurringPlanId, newRecurringScheduleId } from '../ids.ts';
import { jobInsert } from '../jobs.ts';
import { insertObject, loadObject, saveObject } from '../objects.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import { chargeImmediately, inactivatePlan, loadPlan, scheduleCycle } from './cycles.ts';
import { after, anchorOf, checkSchedule } from './schedule.ts';

// Subscription plans: created PENDING on a customer and saved payment tokens, activated by the
// worker a moment later (charging at once when immediate_action_type is FULL_AMOUNT), their first
// cycle scheduled on the anchor date (or now), deactivated on request or when they end.

/** The description's own INVALID_PAYMENT_METHOD_ID answer, with the simulator's reason beside it. */
const invalidMethod = (reason: string) =>
  new ApiError(
    400,
    'INVALID_PAYMENT_METHOD_ID',
    'The payment_method_id provided has a mismatched currency or it is not "ACTIVE" because it has expired/ been unlinked/ linking has not been completed. Please retry with a valid payment_method_id.',
    [{ path: 'payment_methods', message: reason }],
  );

/**
 * The plan's customer and methods: each method one of the owner's payment tokens (404
 * PAYMENT_METHOD_ID_NOT_FOUND), the customer one the simulator knows, made by a payment request or
 * a token's (404 CUSTOMER_NOT_FOUND, the description's example, before any question of whose the
 * tokens are), then each token ACTIVE, in the plan's currency, of that customer, on a channel
 * charged without the customer present: a direct debit in the simulator asks an OTP for each
 * payment, so it cannot pay a cycle.
 */
async function checkPlanParties(
  db: Database,
  owner: Owner,
  methods: readonly { payment_method_id: string }[],
  currency: string,
  customerId: string,
): Promise<void> {
  const tokens: PaymentToken[] = [];
  for (const method of methods) {
    const token = await loadObject<PaymentToken>(
      db,
      owner,
      'payment_token',
      method.payment_method_id,
    );
    if (!token) {
      throw new ApiError(
        404,
        'PAYMENT_METHOD_ID_NOT_FOUND',
        'The payment_method_id provided is not found. Please retry with a valid payment_method_id.',
      );
    }
    tokens.push(token.data);
  }
  if (!tokens.some((token) => token.customer_id === customerId)) {
    await requireCustomer(db, owner, customerId);
  }
  for (const data of tokens) {
    if (data.status !== 'ACTIVE') throw invalidMethod(`${data.payment_token_id} is ${data.status}`);
    if (data.currency !== currency)
      throw invalidMethod(`${data.payment_token_id} is in ${data.currency}`);
    if (data.customer_id && data.customer_id !== customerId) {
      throw invalidMethod(`${data.payment_token_id} belongs to another customer`);
    }
    if (CHANNELS[data.channel_code]?.kind === 'DIRECT_DEBIT') {
      throw invalidMethod(`${data.channel_code} asks the customer for an OTP on every payment`);
    }
  }
}

export async function createPlan(
  tx: Database,
  owner: Owner,
  body: CreateRecurringPlanBody,
): Promise<RecurringPlan> {
  if (!body.payment_methods) {
    // Without methods the provider links an account on its page first (actions AUTH); the
    // simulator charges saved payment tokens only.
    throw new ApiError(
      400,
      'API_VALIDATION_ERROR',
      'payment_methods: is required (a saved payment token)',
      [{ path: 'payment_methods', message: 'is required (a saved payment token)' }],
    );
  }
  checkSchedule(body.schedule, 'schedule.');
  await checkPlanParties(tx, owner, body.payment_methods, body.currency, body.customer_id);
  const now = new Date();
  const id = newRecurringPlanId();
  const schedule: RecurringSchedule = {
    id: newRecurringScheduleId(),
    ...body.schedule,
    anchor_date: anchorOf(body.schedule.anchor_date, now).toISOString(),
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  const plan: RecurringPlan = {
    id,
    business_id: owner.businessId,
    ...body,
    // Taken as none: the description types the plan's metadata as an object, never null.
    metadata: body.metadata ?? undefined,
    payment_methods: [...body.payment_methods].sort((a, b) => a.rank - b.rank),
    failed_cycle_action: body.failed_cycle_action ?? 'RESUME',
    schedule,
    status: 'PENDING',
    actions: [],
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  await insertObject(tx, owner, 'recurring_plan', id, plan);
  await insertObject(tx, owner, 'recurring_schedule', schedule.id, schedule, {}, id);
  await jobInsert(tx, owner, 'recurring.plan.activate', id, 0);
  return plan;
}

/**
 * What the worker runs right after a plan is created: ACTIVE with recurring.plan.activated and its
 * first cycle, or, when the charge on creation fails, INACTIVE with recurring.plan.inactivated
 * (https://docs.xendit.co/subscriptions-webhook lists both triggers).
 */
export async function runPlanActivationJob(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  id: string,
) {
  const plan = await loadPlan(tx, owner, id, true);
  if (plan.data.status !== 'PENDING') return;
  const { schedule } = plan.data;
  // A past anchor (the provider's test guide sends 2022-02-15) starts the schedule now: the cycles
  // it would have had before today are not charged after the fact, all at once.
  const given = new Date(schedule.anchor_date ?? plan.data.created ?? Date.now());
  const anchor = given.getTime() < Date.now() ? new Date() : given;
  let firstDue = anchor;
  let firstNumber = 1;
  if (plan.data.immediate_action_type === 'FULL_AMOUNT') {
    if (!(await chargeImmediately(ctx, tx, owner, plan))) {
      await inactivatePlan(tx, owner, plan);
      return;
    }
    firstNumber = 2;
    if (anchor.getTime() <= Date.now()) {
      firstDue = after(anchor, schedule.interval, schedule.interval_count, ctx.recurringDayMs);
    }
  }
  plan.data = { ...plan.data, status: 'ACTIVE', updated: new Date().toISOString() };
  await saveObject(tx, id, plan.data);
  await enqueueWebhook(tx, owner, 'recurring.plan.activated', plan.data);
  if (schedule.total_recurrence != null && firstNumber > schedule.total_recurrence) {
    await inactivatePlan(tx, owner, plan);
    return;
  }
  await scheduleCycle(ctx, tx, owner, plan.data, firstNumber, firstDue);
}

export async function getPlan(db: Database, owner: Owner, id: string) {
  return (await loadPlan(db, owner, id)).data;
}

/** Changes apply to cycles not yet scheduled and to every later attempt (a new method, say). */
export async function updatePlan(
  tx: Database,
  owner: Owner,
  id: string,
  body: UpdateRecurringPlanBody,
): Promise<RecurringPlan> {
  const plan = await loadPlan(tx, owner, id, true);
  const next: RecurringPlan = {
    ...plan.data,
    ...body,
    ...(body.metadata === null && { metadata: undefined }),
    updated: new Date().toISOString(),
  };
  if (body.payment_methods || body.currency || body.customer_id) {
    await checkPlanParties(tx, owner, next.payment_methods ?? [], next.currency, next.customer_id);
    next.payment_methods = [...(next.payment_methods ?? [])].sort((a, b) => a.rank - b.rank);
  }
  await saveObject(tx, id, next);
  return next;
}

export async function deactivatePlan(tx: Database, owner: Owner, id: string) {
  const plan = await loadPlan(tx, owner, id, true);
  if (plan.data.status !== 'INACTIVE') await inactivatePlan(tx, owner, plan);
  return plan.data;
}

async function loadSchedule(db: Database, owner: Owner, id: string, forUpdate = false) {
  const stored = await loadObject<RecurringSchedule>(db, owner, 'recurring_schedule', id, {
    forUpdate,
  });
  if (!stored) {
    throw new ApiError(
      404,
      'DATA_NOT_FOUND',
      'Recurring schedule ID not found. Please check your query again.',
    );
  }
  return stored.data;
}

export const getSchedule = (db: Database, owner: Owner, id: string) => loadSchedule(db, owner, id);

/** A new schedule applies from the next cycle scheduled; the plan shows it at once. */
export async function updateSchedule(
  tx: Database,
  owner: Owner,
  id: string,
  body: UpdateRecurringScheduleBody,
): Promise<RecurringSchedule> {
  const current = await loadSchedule(tx, owner, id, true);
  const [row] = await tx
    .select({ planId: providerObjects.parentId })
    .from(providerObjects)
    .where(eq(providerObjects.id, id));
  if (!row?.planId) throw notFound('recurring schedule', id);
  const plan = await loadPlan(tx, owner, row.planId, true);
  const schedule: RecurringSchedule = {
    ...current,
    ...body,
    ...(body.anchor_date
      ? { anchor_date: anchorOf(body.anchor_date, new Date()).toISOString() }
      : {}),
    updated: new Date().toISOString(),
  };
  checkSchedule(schedule, '');
  await saveObject(tx, id, schedule);
  await saveObject(tx, plan.data.id, { ...plan.data, schedule, updated: schedule.updated });
  return schedule;
}
