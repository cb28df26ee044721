import { z } from 'zod';
import { amountSchema, currencySchema, optionalString } from './common.ts';

// Subscriptions (/recurring): plans on a customer and saved payment methods, their schedule and
// the cycles that charge them. Shapes as the published description has them
// (Xendit_Subscriptions_API_*), with the cycle fields the provider's API reference adds
// (https://docs.xendit.co/apidocs/get-subscription-cycle-2: type, cycle_number, attempt_details...).

export const recurringIntervalSchema = z.enum(['DAY', 'WEEK', 'MONTH']);
export type RecurringInterval = z.infer<typeof recurringIntervalSchema>;

const stringMetadataSchema = z.record(z.string(), z.string());

export const recurringScheduleBodySchema = z.object({
  reference_id: z.string().min(1).max(255),
  interval: recurringIntervalSchema,
  interval_count: z.number().int().positive(),
  total_recurrence: z.number().int().positive().nullish(),
  anchor_date: z.iso.datetime({ offset: true }).optional(),
  retry_interval: z.enum(['DAY']).optional(),
  retry_interval_count: z.number().int().positive().optional(),
  total_retry: z.number().int().nonnegative().optional(),
  failed_attempt_notifications: z.array(z.number().int().positive()).optional(),
});
export type RecurringScheduleBody = z.infer<typeof recurringScheduleBodySchema>;

export const updateRecurringScheduleBodySchema = recurringScheduleBodySchema
  .omit({ reference_id: true })
  .partial();
export type UpdateRecurringScheduleBody = z.infer<typeof updateRecurringScheduleBodySchema>;

export const recurringPaymentMethodSchema = z.object({
  payment_method_id: z.string().min(1),
  rank: z.number().int().min(1).max(5),
});

const channelsSchema = z.array(z.enum(['WHATSAPP', 'EMAIL']));
const notificationConfigSchema = z.object({
  recurring_created: channelsSchema.optional(),
  recurring_succeeded: channelsSchema.optional(),
  recurring_failed: channelsSchema.optional(),
  locale: z.enum(['en', 'id']).optional(),
});

const recurringItemSchema = z.object({
  type: z.enum([
    'DIGITAL_PRODUCT',
    'PHYSICAL_PRODUCT',
    'DIGITAL_SERVICE',
    'PHYSICAL_SERVICE',
    'FEE',
    'DISCOUNT',
  ]),
  name: z.string().min(1).max(255),
  net_unit_amount: z.number(),
  quantity: z.number().int().min(1),
  url: z.url().optional(),
  category: z.string().max(255).optional(),
  subcategory: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
  metadata: stringMetadataSchema.optional(),
});

export const createRecurringPlanBodySchema = z.object({
  reference_id: z.string().min(1).max(255),
  customer_id: z.string().min(1),
  recurring_action: z.literal('PAYMENT'),
  currency: currencySchema,
  amount: amountSchema.positive(),
  schedule: recurringScheduleBodySchema,
  payment_methods: z.array(recurringPaymentMethodSchema).min(1).max(5).optional(),
  immediate_action_type: z.literal('FULL_AMOUNT').optional(),
  notification_config: notificationConfigSchema.optional(),
  payment_link_for_failed_attempt: z.boolean().optional(),
  failed_cycle_action: z.enum(['RESUME', 'STOP']).optional(),
  // null as in the provider's subscription test guide's plan (https://docs.xendit.co/recurring/test-setup).
  metadata: stringMetadataSchema.nullish(),
  description: z.string().max(1000).optional(),
  items: z.array(recurringItemSchema).optional(),
  success_return_url: z.url().optional(),
  failure_return_url: z.url().optional(),
});
export type CreateRecurringPlanBody = z.infer<typeof createRecurringPlanBodySchema>;

export const updateRecurringPlanBodySchema = createRecurringPlanBodySchema
  .pick({
    customer_id: true,
    currency: true,
    amount: true,
    payment_methods: true,
    notification_config: true,
    payment_link_for_failed_attempt: true,
    metadata: true,
    description: true,
    items: true,
  })
  .partial();
export type UpdateRecurringPlanBody = z.infer<typeof updateRecurringPlanBodySchema>;

export const recurringPlanStatusSchema = z.enum(['ACTIVE', 'INACTIVE', 'PENDING']);
export type RecurringPlanStatus = z.infer<typeof recurringPlanStatusSchema>;

export const recurringScheduleSchema = z.looseObject({
  id: z.string(),
  reference_id: z.string(),
  interval: recurringIntervalSchema,
  interval_count: z.number(),
  total_recurrence: z.number().nullish(),
  anchor_date: optionalString,
  retry_interval: optionalString,
  retry_interval_count: z.number().nullish(),
  total_retry: z.number().nullish(),
  failed_attempt_notifications: z.array(z.number()).nullish(),
  created: optionalString,
  updated: optionalString,
});
export type RecurringSchedule = z.infer<typeof recurringScheduleSchema>;

export const recurringPlanSchema = z.looseObject({
  id: z.string(),
  reference_id: z.string(),
  customer_id: z.string(),
  recurring_action: z.string(),
  currency: currencySchema,
  amount: amountSchema,
  status: recurringPlanStatusSchema,
  schedule: recurringScheduleSchema,
  payment_methods: z
    .array(z.looseObject({ payment_method_id: z.string(), rank: z.number() }))
    .nullish(),
  immediate_action_type: optionalString,
  failed_cycle_action: optionalString,
  description: optionalString,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created: optionalString,
  updated: optionalString,
});
export type RecurringPlan = z.infer<typeof recurringPlanSchema>;

/**
 * The description lists PENDING, RETRYING, FAILED and SUCCEEDED; the provider's API reference adds
 * SCHEDULED (a cycle waiting for its date) and CANCELLED, which its own 403 answers name.
 */
export const recurringCycleStatusSchema = z.enum([
  'SCHEDULED',
  'PENDING',
  'RETRYING',
  'FAILED',
  'SUCCEEDED',
  'CANCELLED',
]);
export type RecurringCycleStatus = z.infer<typeof recurringCycleStatusSchema>;

export const recurringAttemptSchema = z.looseObject({
  attempt_number: z.number(),
  action_number: z.number(),
  type: z.enum(['INITIAL', 'RETRY', 'FORCED', 'PAYMENT_LINK']),
  created: z.string(),
  /** The payment request the attempt made. */
  action_id: optionalString,
  payment_method_id: optionalString,
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  failure_code: optionalString,
  next_retry_timestamp: optionalString,
});
export type RecurringAttempt = z.infer<typeof recurringAttemptSchema>;

export const recurringCycleSchema = z.looseObject({
  id: z.string(),
  plan_id: z.string(),
  reference_id: optionalString,
  customer_id: optionalString,
  type: z.enum(['SCHEDULED', 'IMMEDIATE']).nullish(),
  cycle_number: z.number().nullish(),
  status: recurringCycleStatusSchema,
  currency: currencySchema.nullish(),
  amount: amountSchema,
  scheduled_timestamp: optionalString,
  attempt_count: z.number().nullish(),
  attempt_details: z.array(recurringAttemptSchema).nullish(),
  created: optionalString,
  updated: optionalString,
});
export type RecurringCycle = z.infer<typeof recurringCycleSchema>;

export const updateRecurringCycleBodySchema = z.object({
  scheduled_timestamp: z.iso.datetime({ offset: true }).optional(),
  currency: currencySchema.optional(),
  // A string in the description (unlike the plan's amount); a number is read the same.
  amount: z
    .union([
      amountSchema.positive(),
      z.string().regex(/^\d+(\.\d+)?$/, 'must be a positive amount'),
    ])
    .optional(),
});
export type UpdateRecurringCycleBody = z.infer<typeof updateRecurringCycleBodySchema>;

/**
 * The description gives simulate no body; the provider's test guide sends `{ "amount": 21110 }` to
 * pick the simulated outcome (https://docs.xendit.co/recurring/test-setup).
 */
export const simulateRecurringCycleBodySchema = z.object({ amount: amountSchema.positive() });
export type SimulateRecurringCycleBody = z.infer<typeof simulateRecurringCycleBodySchema>;
