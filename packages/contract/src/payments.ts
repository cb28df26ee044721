import * as z from 'zod/mini';
import { providerExchangeSchema } from './errors.ts';
import { currencySchema } from './money.ts';
import { productSchema } from './catalog.ts';

export const transactionTypeSchema = z.enum([
  'ONE_TIME_PAYMENT',
  'PAY_AND_SAVE',
  'TOKENIZATION',
  'TOKENIZED_PAYMENT',
  'PAY',
  'SAVE',
]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const channelPropertySchema = z.object({
  name: z.string(),
  type: z.enum(['TEXT']),
  /** Which kind of transaction asks for this input. */
  transaction_type: transactionTypeSchema,
  /** A prefilled value (the customer's mobile number, say), or null. */
  value: z.nullable(z.string()),
});
export type ChannelProperty = z.infer<typeof channelPropertySchema>;

export const creationWorkflowTypeSchema = z.enum([
  'REDIRECT',
  'OTP',
  'PRESENT_TO_CUSTOMER',
  'PUSH_NOTIFICATION',
  'CARDS_SESSION_JS',
]);
export type CreationWorkflowType = z.infer<typeof creationWorkflowTypeSchema>;

export const channelSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  currency: currencySchema,
  is_saveable: z.boolean(),
  /** CARDS_SESSION_JS channels collect card data with the provider's browser script. */
  creation_workflow_type: creationWorkflowTypeSchema,
  properties: z.array(channelPropertySchema),
  /**
   * The least and most one payment with the channel may be, in the currency's minor units as
   * amounts are, as the provider documents them for the market; absent when none is known.
   */
  amount_limits: z.optional(z.object({ min: z.number(), max: z.number() })),
});
export type Channel = z.infer<typeof channelSchema>;

export const paymentStatusSchema = z.enum([
  'REQUIRES_ACTION',
  'PENDING',
  'SUCCEEDED',
  'FAILED',
  'REFUND_PENDING',
  'REFUND_SUCCEEDED',
  'REFUND_FAILED',
  'CANCELLED',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const orderLineStatusSchema = z.enum([
  'PENDING',
  'PAID',
  'FAILED',
  'CANCELLED',
  'REFUND_PENDING',
  'REFUND_SUCCEEDED',
  'REFUND_FAILED',
]);
export type OrderLineStatus = z.infer<typeof orderLineStatusSchema>;

/**
 * A step the customer takes. A QR_STRING beside a VIRTUAL_ACCOUNT_NUMBER (a Vietnamese account's
 * VietQR, present only when the provider sent one) names the account's own screen, where it is shown.
 */
export const paymentActionSchema = z.object({
  type: z.string(),
  descriptor: z.nullable(z.string()),
  value: z.nullable(z.string()),
  /** The number or code to show for PRESENT_TO_CUSTOMER actions. */
  paymentCode: z.nullable(z.string()),
});
export type PaymentAction = z.infer<typeof paymentActionSchema>;

/** A request to the provider with its answer, or a webhook the provider sent. */
export const providerOperationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    id: z.string(),
    mode: z.enum(['development', 'live']),
    created: z.string(),
    exchange: providerExchangeSchema,
  }),
  z.object({
    kind: z.literal('webhook'),
    id: z.string(),
    mode: z.enum(['development', 'live']),
    created: z.string(),
    event: z.string(),
    data: z.unknown(),
    /** Why the store did not apply this webhook (a check it failed); absent when it applied it. */
    ignored_reason: z.optional(z.string()),
  }),
]);
export type ProviderOperation = z.infer<typeof providerOperationSchema>;

export const orderLineSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  quantity: z.literal(1),
  price: z.int(),
  currency: currencySchema,
  status: orderLineStatusSchema,
  product: productSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  amount: z.int(),
  currency: currencySchema,
  country: z.string(),
  channel: z.string(),
  /** The channel as customers know it: the bank of a virtual account, the counter of a code. */
  channel_name: z.string(),
  reference_id: z.string(),
  type: z.enum(['PAY', 'PAY_AND_SAVE']),
  status: paymentStatusSchema,
  failure_code: z.nullable(z.string()),
  orders: z.array(orderLineSchema),
  voucher: z.nullable(z.object({ id: z.string(), code: z.string(), fixed_amount: z.int() })),
  actions: z.array(paymentActionSchema),
  channel_properties: z.record(z.string(), z.unknown()),
  payment_method_id: z.nullable(z.string()),
  created: z.string(),
  updated: z.string(),
  /** Present when one payment is read; lists leave it out to stay light. */
  xendit_operations: z.optional(z.array(providerOperationSchema)),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentErrorCodes = {
  /**
   * A verb (simulate, OTP, resend, cancel) on a payment that has ended (paid, failed, cancelled),
   * or an OTP verb on a payment that asks for no one-time password.
   */
  notActionable: 'PAYMENT_NOT_ACTIONABLE',
} as const;
