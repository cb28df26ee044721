import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { channelSchema, providerOperationSchema, transactionTypeSchema } from './payments.ts';

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
  value: z.string().nullable(),
});

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
  details: z.record(z.string(), z.string()).nullable(),
  failure_code: z.string().nullable(),
  /** The PAY_AND_SAVE payment that saved it, when saved while paying. */
  payment_id: z.string().nullable(),
  created: z.string(),
  /** On a single read, and in lists with with_config=true. */
  xendit_operations: z.array(providerOperationSchema).optional(),
  /** The channel's configuration; in lists with with_config=true. */
  config: channelSchema.nullable().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const createPaymentMethodRequestSchema = z.object({
  channel: z.string().min(1).max(64),
  country: z.string().length(2),
  /** A random short string from the browser; the store keeps it on the method. */
  reference_id: z.string().min(1).max(255),
  channel_properties: z.record(z.string().max(64), z.string().max(255)).optional(),
});
export type CreatePaymentMethodRequest = z.infer<typeof createPaymentMethodRequestSchema>;

const paymentMethodIdParams = z.object({ paymentMethodId: z.string().min(1).max(64) });

export const paymentMethodErrorCodes = {
  /** The channel cannot be saved (CHANNEL_NOT_AVAILABLE when the store does not offer it). */
  channelNotSaveable: 'CHANNEL_NOT_SAVEABLE',
  /** Unlinking or OTP on a method in a status that does not allow it. */
  notActionable: 'PAYMENT_METHOD_NOT_ACTIONABLE',
} as const;

export const paymentMethodEndpoints = {
  createPaymentMethod: endpoint({
    method: 'POST',
    path: '/payment_methods',
    auth: true,
    body: createPaymentMethodRequestSchema,
    response: paymentMethodSchema,
    successStatus: 201,
    summary:
      'Link a payment method. The first action says where the browser goes next. Send an Idempotency-Key header.',
  }),
  listPaymentMethods: endpoint({
    method: 'GET',
    path: '/payment_methods',
    auth: true,
    query: z.object({
      /** 'true' adds each method's channel configuration and provider operations. */
      with_config: z.enum(['true', 'false']).optional(),
    }),
    response: z.object({ payment_methods: z.array(paymentMethodSchema) }),
    summary: "The signed-in customer's payment methods, newest first",
  }),
  getPaymentMethod: endpoint({
    method: 'GET',
    path: '/payment_methods/:paymentMethodId',
    auth: true,
    params: paymentMethodIdParams,
    response: paymentMethodSchema,
    summary: 'One payment method with its provider operations',
  }),
  validatePaymentMethodOtp: endpoint({
    method: 'POST',
    path: '/payment_methods/:paymentMethodId/validate_otp',
    auth: true,
    params: paymentMethodIdParams,
    body: z.object({ otp_code: z.string().min(1).max(6) }),
    response: paymentMethodSchema,
    summary: 'Confirm linking a direct-debit account with the one-time password',
  }),
  cancelPaymentMethod: endpoint({
    method: 'POST',
    path: '/payment_methods/:paymentMethodId/cancel',
    auth: true,
    params: paymentMethodIdParams,
    response: paymentMethodSchema,
    summary: 'Unlink a payment method',
  }),
};
