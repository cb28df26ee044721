import * as z from 'zod/mini';
import { subscriptionIntervalSchema } from './catalog.ts';
import { currencySchema } from './money.ts';
import { providerOperationSchema } from './payments.ts';

/**
 * A subscription's status: PENDING until the provider has activated its plan (or while the store
 * waits for an answer it did not get), ACTIVE while cycles are charged, INACTIVE once the provider
 * ended it (its last cycle failed, or it ran its course), CANCELLED when the customer cancelled it,
 * FAILED when the provider refused to create it (`failure_code` says why).
 */
export const subscriptionStatusSchema = z.enum([
  'PENDING',
  'ACTIVE',
  'INACTIVE',
  'CANCELLED',
  'FAILED',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * A cycle's status: SCHEDULED for its date, PENDING while it is being charged, RETRYING after a
 * failed attempt with another to come, then SUCCEEDED or FAILED; CANCELLED when the plan ended
 * before it was charged.
 */
export const subscriptionCycleStatusSchema = z.enum([
  'SCHEDULED',
  'PENDING',
  'SUCCEEDED',
  'RETRYING',
  'FAILED',
  'CANCELLED',
]);
export type SubscriptionCycleStatus = z.infer<typeof subscriptionCycleStatusSchema>;

/** One charge of a subscription, with the attempts it took. */
export const subscriptionCycleSchema = z.object({
  id: z.string(),
  /** 1 for the first cycle, and so on. */
  cycle_number: z.int(),
  status: subscriptionCycleStatusSchema,
  /** When the cycle is (or was) due, ISO 8601. */
  scheduled_date: z.nullable(z.string()),
  amount: z.int(),
  currency: currencySchema,
  /** Charges tried so far (a retry is another attempt). */
  attempts: z.int(),
  /** When the next attempt of a RETRYING cycle is due, ISO 8601. */
  next_attempt_date: z.nullable(z.string()),
  /** The provider's code of the last failed attempt, and the same in words (describeFailure). */
  failure_code: z.nullable(z.string()),
  failure_reason: z.nullable(z.string()),
  /** The store payment of the attempt that paid it: refunded like any payment, in Payments. */
  payment_id: z.nullable(z.string()),
  created: z.string(),
  updated: z.string(),
});
export type SubscriptionCycle = z.infer<typeof subscriptionCycleSchema>;

/** The saved method a subscription is charged to, as Payment Methods shows it. */
export const subscriptionPaymentMethodSchema = z.object({
  id: z.string(),
  channel: z.string(),
  channel_name: z.string(),
  /** Masked account or card details, when the provider gave them. */
  details: z.nullable(z.record(z.string(), z.string())),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  status: subscriptionStatusSchema,
  product_id: z.string(),
  product_name: z.string(),
  product_image_url: z.string(),
  /** Charged every `interval_count` `interval`s, in the currency's minor unit. */
  amount: z.int(),
  currency: currencySchema,
  interval: subscriptionIntervalSchema,
  interval_count: z.int(),
  payment_method: subscriptionPaymentMethodSchema,
  /** When the next cycle is due (ISO 8601); null when none is scheduled. */
  next_cycle_date: z.nullable(z.string()),
  /** Why the provider refused or ended the plan (a refusal's error code, or a failed cycle's). */
  failure_code: z.nullable(z.string()),
  created: z.string(),
  updated: z.string(),
  /** On a single read: every cycle, newest first. */
  cycles: z.optional(z.array(subscriptionCycleSchema)),
  /** On a single read: every exchange with the provider and every webhook about this plan. */
  xendit_operations: z.optional(z.array(providerOperationSchema)),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionErrorCodes = {
  /** The product is not one the catalogue sells by subscription. */
  productNotSubscribable: 'PRODUCT_NOT_SUBSCRIBABLE',
  /** The method is not ACTIVE, or its channel cannot be charged without the customer (rules.ts). */
  methodNotSubscribable: 'PAYMENT_METHOD_NOT_SUBSCRIBABLE',
  /** Cancel or run a cycle of a subscription whose status does not allow it. */
  notActionable: 'SUBSCRIPTION_NOT_ACTIONABLE',
  /** Running a cycle now is for development apps only. */
  simulationNotAllowed: 'SIMULATION_NOT_ALLOWED',
  /** Run next cycle when no cycle is scheduled yet (the provider has not scheduled it). */
  noScheduledCycle: 'NO_SCHEDULED_CYCLE',
  /** Subscribe while the customer has as many open subscriptions as the store allows. */
  limitReached: 'SUBSCRIPTION_LIMIT_REACHED',
} as const;
