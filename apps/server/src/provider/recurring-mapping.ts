import {
  toMajorUnits,
  toMinorUnits,
  type Currency,
  type SubscriptionCycleStatus,
} from '@store/contract';
import type { CreateRecurringPlanBody, RecurringCycle, RecurringPlan } from '@store/xendit';
import type { StoredSubscriptionStatus } from '../statuses/subscription-status.ts';
import { providerCurrency, type AppRow } from './provider.ts';

// Subscriptions in the provider's words (recurring plans and cycles) and back.

/**
 * A provider-stated amount in minor units. One finer than the currency allows cannot be the
 * store's, so it becomes NaN, which equals no stored amount: the read-back then refuses it as a
 * mismatch rather than rounding it into a match.
 */
const statedMinorUnits = (amount: number, currency: string) =>
  toMinorUnits(amount, currency as Currency) ?? Number.NaN;

/** A provider plan in the store's words: what it says of one subscription. */
export interface ProviderPlan {
  providerPlanId: string;
  /** The store subscription it names (its reference). */
  referenceId: string;
  providerCustomerId: string;
  status: Extract<StoredSubscriptionStatus, 'PENDING' | 'ACTIVE' | 'INACTIVE'>;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  tokenIds: string[];
}

export function toProviderPlan(plan: RecurringPlan): ProviderPlan {
  return {
    providerPlanId: plan.id,
    referenceId: plan.reference_id,
    providerCustomerId: plan.customer_id,
    status: plan.status,
    amount: statedMinorUnits(plan.amount, plan.currency),
    currency: plan.currency,
    tokenIds: (plan.payment_methods ?? []).map((method) => method.payment_method_id),
  };
}

/** A provider cycle in the store's words. */
export interface ProviderCycle {
  providerCycleId: string;
  providerPlanId: string;
  cycleNumber: number;
  status: SubscriptionCycleStatus;
  scheduledAt: Date | null;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  attempts: number;
  nextAttemptAt: Date | null;
  /** The last failed attempt's code. */
  failureCode: string | null;
  /** The payment request of the attempt that paid it. */
  paidRequestId: string | null;
  /** The payment requests of every attempt, paid or not: a payment webhook names one of them. */
  requestIds: string[];
}

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

/** When the cycle was first tried (its attempts' earliest `created`); null before any. */
function firstAttemptAt(attempts: readonly { created: string }[]): string | null {
  let first: string | null = null;
  for (const { created } of attempts) {
    if (first === null || Date.parse(created) < Date.parse(first)) first = created;
  }
  return first;
}

export function toProviderCycle(cycle: RecurringCycle, planCurrency: string): ProviderCycle {
  const currency = cycle.currency ?? planCurrency;
  const attempts = cycle.attempt_details ?? [];
  const last = attempts.at(-1);
  const paid = attempts.find((attempt) => attempt.status === 'SUCCEEDED');
  return {
    providerCycleId: cycle.id,
    providerPlanId: cycle.plan_id,
    cycleNumber: cycle.cycle_number ?? 0,
    status: cycle.status,
    // The provider moves scheduled_timestamp to each retry ("value is updated on each retry", the
    // description's update of a cycle): a cycle retried fell due at its first attempt, and its
    // retry is nextAttemptAt. Otherwise the date is the provider's (a forced early charge, or a
    // date the merchant moved, keeps it).
    scheduledAt: dateOf(
      (cycle.status === 'RETRYING' || attempts.some((attempt) => attempt.type === 'RETRY')
        ? firstAttemptAt(attempts)
        : null) ?? cycle.scheduled_timestamp,
    ),
    amount: statedMinorUnits(cycle.amount, currency),
    currency,
    attempts: cycle.attempt_count ?? new Set(attempts.map((a) => a.attempt_number)).size,
    nextAttemptAt: cycle.status === 'RETRYING' ? dateOf(last?.next_retry_timestamp) : null,
    failureCode: paid
      ? null
      : ([...attempts].reverse().find((a) => a.failure_code)?.failure_code ?? null),
    paidRequestId: paid?.action_id ?? null,
    requestIds: attempts.flatMap((attempt) => (attempt.action_id ? [attempt.action_id] : [])),
  };
}

/** What a plan's create call is built from: the stored subscription. */
export interface PlanSource {
  id: string;
  customerId: string;
  providerCustomerId: string;
  providerTokenId: string;
  productId: string;
  productName: string;
  amount: number;
  currency: string;
  interval: 'DAY' | 'WEEK' | 'MONTH';
  intervalCount: number;
}

/**
 * The store's retry policy for a cycle whose charge fails: two more tries a day apart, then the
 * cycle fails and the plan ends (STOP), so a method that cannot pay is not charged for ever.
 */
const retryPolicy = {
  retry_interval: 'DAY',
  retry_interval_count: 1,
  total_retry: 2,
} as const;

/**
 * The body of POST /recurring/plans for a subscription, built only from what is stored, so a
 * replay after a lost answer sends the same body under the same idempotency key.
 */
export function createPlanBody(app: AppRow, source: PlanSource): CreateRecurringPlanBody {
  const currency = providerCurrency(source.currency);
  const amount = toMajorUnits(source.amount, source.currency as Currency);
  return {
    reference_id: source.id,
    customer_id: source.providerCustomerId,
    recurring_action: 'PAYMENT',
    currency,
    amount,
    schedule: {
      reference_id: source.id,
      interval: source.interval,
      interval_count: source.intervalCount,
      ...retryPolicy,
    },
    payment_methods: [{ payment_method_id: source.providerTokenId, rank: 1 }],
    failed_cycle_action: 'STOP',
    description: `Subscription to ${source.productName}`,
    items: [
      {
        type: 'PHYSICAL_PRODUCT',
        name: source.productName,
        net_unit_amount: amount,
        quantity: 1,
      },
    ],
    metadata: { app_id: app.id, customer_id: source.customerId, product_id: source.productId },
  };
}
