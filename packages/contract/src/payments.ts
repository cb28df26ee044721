import { z } from 'zod';
import { endpoint } from './endpoint.ts';
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
  value: z.string().nullable(),
});
export type ChannelProperty = z.infer<typeof channelPropertySchema>;

export const creationWorkflowTypeSchema = z.enum([
  'REDIRECT',
  'OTP',
  'PRESENT_TO_CUSTOMER',
  'PUSH_NOTIFICATION',
  'CARDS_SESSION_JS',
]);

export const channelSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  currency: currencySchema,
  is_saveable: z.boolean(),
  /** CARDS_SESSION_JS channels collect card data with the provider's browser script. */
  creation_workflow_type: creationWorkflowTypeSchema,
  properties: z.array(channelPropertySchema),
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

export const paymentActionSchema = z.object({
  type: z.string(),
  descriptor: z.string().nullable(),
  value: z.string().nullable(),
  /** The number or code to show for PRESENT_TO_CUSTOMER actions. */
  paymentCode: z.string().nullable(),
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
  }),
]);
export type ProviderOperation = z.infer<typeof providerOperationSchema>;

/** A line of a new order as the browser sends it; the server prices it again. */
export const orderRequestLineSchema = z.object({
  product_id: z.string().min(1).max(64),
  quantity: z.literal(1),
  price: z.number().int().nonnegative().max(1e12),
  currency: currencySchema,
});

export const orderLineSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  quantity: z.literal(1),
  price: z.number().int(),
  currency: currencySchema,
  status: orderLineStatusSchema,
  product: productSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  country: z.string(),
  channel: z.string(),
  reference_id: z.string(),
  type: z.enum(['PAY', 'PAY_AND_SAVE']),
  status: paymentStatusSchema,
  failure_code: z.string().nullable(),
  orders: z.array(orderLineSchema),
  voucher: z
    .object({ id: z.string(), code: z.string(), fixed_amount: z.number().int() })
    .nullable(),
  actions: z.array(paymentActionSchema),
  channel_properties: z.record(z.string(), z.unknown()),
  payment_method_id: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  /** Present when one payment is read; lists leave it out to stay light. */
  xendit_operations: z.array(providerOperationSchema).optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const createPaymentRequestSchema = z.object({
  amount: z.number().int().nonnegative().max(1e12),
  currency: currencySchema,
  country: z.string().length(2),
  channel: z.string().min(1).max(64).optional(),
  reference_id: z.string().max(255).optional(),
  type: z.enum(['PAY', 'PAY_AND_SAVE', 'ONE_TIME_PAYMENT']),
  orders: z.array(orderRequestLineSchema).min(1).max(50),
  voucher_id: z.string().max(64).optional(),
  channel_properties: z.record(z.string().max(64), z.string().max(255)).optional(),
  payment_token_id: z.string().max(64).optional(),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;

const paymentIdParams = z.object({ paymentId: z.string().min(1).max(64) });

export const paymentEndpoints = {
  listChannels: endpoint({
    method: 'GET',
    path: '/config/channels',
    auth: true,
    response: z.object({ channels: z.array(channelSchema) }),
    summary: "The payment channels of the signed-in customer's app",
  }),
  createPayment: endpoint({
    method: 'POST',
    path: '/payments',
    auth: true,
    body: createPaymentRequestSchema,
    response: paymentSchema,
    successStatus: 201,
    summary:
      'Pay for an order. Send an Idempotency-Key header: a repeated key answers the first payment.',
  }),
  listPayments: endpoint({
    method: 'GET',
    path: '/payments',
    auth: true,
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    response: z.object({ payments: z.array(paymentSchema), next_cursor: z.string().nullable() }),
    summary: "The signed-in customer's payments, newest first, a page at a time",
  }),
  getPayment: endpoint({
    method: 'GET',
    path: '/payments/:paymentId',
    auth: true,
    params: paymentIdParams,
    response: paymentSchema,
    summary: 'One payment with its provider operations',
  }),
  validatePaymentOtp: endpoint({
    method: 'POST',
    path: '/payments/:paymentId/validate_otp',
    auth: true,
    params: paymentIdParams,
    body: z.object({ otp_code: z.string().min(1).max(6) }),
    response: paymentSchema,
    summary: 'Confirm a direct-debit payment with the one-time password',
  }),
  resendPaymentOtp: endpoint({
    method: 'POST',
    path: '/payments/:paymentId/resend_otp',
    auth: true,
    params: paymentIdParams,
    response: paymentSchema,
    summary: 'Send the one-time password again',
  }),
  cancelPayment: endpoint({
    method: 'POST',
    path: '/payments/:paymentId/cancel',
    auth: true,
    params: paymentIdParams,
    response: paymentSchema,
    summary: 'Cancel a payment that still requires action',
  }),
  simulatePayment: endpoint({
    method: 'POST',
    path: '/payments/:paymentId/simulate',
    auth: true,
    params: paymentIdParams,
    response: paymentSchema,
    summary: 'Development mode: pay a virtual account or payment code as the customer would',
  }),
};
