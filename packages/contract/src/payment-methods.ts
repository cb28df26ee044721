import * as z from 'zod/mini';
import { channelSchema, providerOperationSchema, transactionTypeSchema } from './payments.ts';
import { subscriptionStatusSchema } from './subscriptions.ts';

export const paymentMethodStatusSchema = z.enum([
  'REQUIRES_ACTION',
  'PENDING',
  'ACTIVE',
  'FAILED',
  'EXPIRED',
  'CANCELED',
]);
export type PaymentMethodStatus = z.infer<typeof paymentMethodStatusSchema>;

/**
 * What the customer does next to link a method: REDIRECT_CUSTOMER to the provider's linking page
 * (value is its URL), API_POST_REQUEST to the store's OTP screen (value
 * `/payment_methods/new/{id}/otp`), or CARDS_SESSION_JS for a card: the value is the id of a SAVE
 * card session, which GET /payments/cards/session now answers; the card form collects the card with
 * the provider's script, then calls POST /payments/cards/session/{id}/complete_save.
 */
export const paymentMethodActionSchema = z.object({
  type: z.string(),
  value: z.string(),
});
export type PaymentMethodAction = z.infer<typeof paymentMethodActionSchema>;

export const paymentMethodPropertySchema = z.object({
  transaction_type: transactionTypeSchema,
  name: z.string(),
  value: z.nullable(z.string()),
});

/** A subscription a method pays, as Payment Methods names it beside the method. */
export const paidSubscriptionSchema = z.object({
  id: z.string(),
  product_name: z.string(),
  status: subscriptionStatusSchema,
});
export type PaidSubscription = z.infer<typeof paidSubscriptionSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  /** The channel code, as in the create payload. */
  channel: z.string(),
  /** The channel's display name. */
  channel_name: z.string(),
  country: z.string(),
  /** The channel code. */
  code: z.string(),
  status: paymentMethodStatusSchema,
  actions: z.array(paymentMethodActionSchema),
  properties: z.array(paymentMethodPropertySchema),
  /** Masked account or card details once the provider has activated the method. */
  details: z.nullable(z.record(z.string(), z.string())),
  failure_code: z.nullable(z.string()),
  /** The PAY_AND_SAVE payment that saved it, when saved while paying. */
  payment_id: z.nullable(z.string()),
  created: z.string(),
  /** On a single read, and in lists with with_config=true. */
  xendit_operations: z.optional(z.array(providerOperationSchema)),
  /** The channel's configuration; in lists with with_config=true. */
  config: z.optional(z.nullable(channelSchema)),
  /**
   * The customer's subscriptions not yet ended (PENDING or ACTIVE) that are charged to it:
   * unlinking it cancels them first. On a single read, and in lists with with_config=true.
   */
  open_subscriptions: z.optional(z.array(paidSubscriptionSchema)),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodErrorCodes = {
  /** The channel cannot be saved (CHANNEL_NOT_AVAILABLE when the store does not offer it). */
  channelNotSaveable: 'CHANNEL_NOT_SAVEABLE',
  /** Unlinking or OTP on a method in a status that does not allow it. */
  notActionable: 'PAYMENT_METHOD_NOT_ACTIONABLE',
  /**
   * Unlinking a method that pays a subscription the store could not end first (the provider did
   * not deactivate its plan, or has not yet answered its create): the method stays linked.
   */
  paysSubscription: 'PAYMENT_METHOD_PAYS_SUBSCRIPTION',
} as const;
