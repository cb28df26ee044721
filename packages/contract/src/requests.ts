import { z } from 'zod';
import { appIdSchema, mobileNumberMaxLength } from './auth.ts';
import { currencySchema } from './money.ts';

// What the browser sends. Only the server checks these, so they use classic zod; the web app
// imports their types alone.

export const loginRequestSchema = z.object({
  credential: z.string().min(1).max(8192),
  app_id: appIdSchema,
});

/** The browser sends the whole record back; only mobile_number is editable. */
export const updateCustomerRequestSchema = z.object({
  mobile_number: z.string().trim().max(mobileNumberMaxLength).nullable(),
  email: z.string().optional(),
  id: z.string().optional(),
  name: z.string().nullable().optional(),
});

export const productIdParamsSchema = z.object({ productId: z.string().min(1).max(64) });
export const listVouchersQuerySchema = z.object({ app_id: z.string().max(64).optional() });

/**
 * An amount in the currency's minor unit: a whole number of them, so a fraction of a dong (VND has
 * no minor unit) or of a centavo is refused with words saying so, never rounded.
 */
const minorUnitAmountSchema = z.number().nonnegative().max(1e12).refine(Number.isInteger, {
  error:
    "must be a whole number in the currency's minor unit (cents, centavos, sen, satang; IDR and VND have no minor unit, so whole rupiah and dong)",
});

/** A line of a new order as the browser sends it; the server prices it again. */
export const orderRequestLineSchema = z.object({
  product_id: z.string().min(1).max(64),
  quantity: z.literal(1),
  price: minorUnitAmountSchema,
  currency: currencySchema,
});

export const createPaymentRequestSchema = z.object({
  amount: minorUnitAmountSchema,
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

/** An order to pay on the provider's hosted checkout: the customer chooses the channel there. */
export const createCheckoutSessionPaymentRequestSchema = createPaymentRequestSchema.omit({
  channel: true,
  channel_properties: true,
  payment_token_id: true,
});
export type CreateCheckoutSessionPaymentRequest = z.infer<
  typeof createCheckoutSessionPaymentRequestSchema
>;

/**
 * A page of a list, newest first: where it starts (the previous page's next_cursor; the newest
 * without) and how many it holds. Every list a customer can grow is paged, so no answer grows with
 * everything they ever made.
 */
const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const listPaymentsQuerySchema = pageQuerySchema;
export const listSubscriptionsQuerySchema = pageQuerySchema;
export const paymentIdParamsSchema = z.object({ paymentId: z.string().min(1).max(64) });
export const otpRequestSchema = z.object({ otp_code: z.string().min(1).max(6) });

export const createRefundRequestSchema = z.object({
  /** Order line ids (payment.orders[].id) to refund. */
  orders: z.array(z.string().min(1).max(64)).min(1).max(50),
});
export type CreateRefundRequest = z.infer<typeof createRefundRequestSchema>;

export const createPaymentMethodRequestSchema = z.object({
  channel: z.string().min(1).max(64),
  country: z.string().length(2),
  /** A random short string from the browser; the store keeps it on the method. */
  reference_id: z.string().min(1).max(255),
  channel_properties: z.record(z.string().max(64), z.string().max(255)).optional(),
});
export type CreatePaymentMethodRequest = z.infer<typeof createPaymentMethodRequestSchema>;

/** A method to save on the provider's hosted checkout: the customer chooses the channel there. */
export const createCheckoutSessionPaymentMethodRequestSchema =
  createPaymentMethodRequestSchema.pick({
    country: true,
    reference_id: true,
  });
export type CreateCheckoutSessionPaymentMethodRequest = z.infer<
  typeof createCheckoutSessionPaymentMethodRequestSchema
>;

export const listPaymentMethodsQuerySchema = pageQuerySchema.extend({
  /** 'true' adds each method's channel configuration and provider operations. */
  with_config: z.enum(['true', 'false']).optional(),
  /** ACTIVE lists only the methods that can pay (checkout's saved methods); none lists all. */
  status: z.literal('ACTIVE').optional(),
});
export const paymentMethodIdParamsSchema = z.object({
  paymentMethodId: z.string().min(1).max(64),
});

/** The specification's payload (orders, voucher_id, country, currency); the server prices it. */
export const createCardPaymentRequestSchema = z.object({
  orders: z.array(orderRequestLineSchema).min(1).max(50),
  voucher_id: z.string().max(64).optional(),
  country: z.string().length(2),
  currency: currencySchema,
  /** PAY_AND_SAVE lets the customer keep the card (the script's save_card_payment_token). */
  type: z.enum(['PAY', 'PAY_AND_SAVE']).optional(),
});
export type CreateCardPaymentRequest = z.infer<typeof createCardPaymentRequestSchema>;

export const cardSessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(64) });
export const completeCardSessionRequestSchema = z.object({
  payment_request_id: z.string().min(1).max(64),
});
export const completeCardSaveSessionRequestSchema = z.object({
  payment_token_id: z.string().min(1).max(64),
});

/** Subscribe to a catalogue product, charged to a saved method; the store prices every cycle. */
export const createSubscriptionRequestSchema = z.object({
  product_id: z.string().min(1).max(64),
  /** A saved method of the customer's (`pm_…`) that canBackSubscription accepts. */
  payment_method_id: z.string().min(1).max(64),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

export const subscriptionIdParamsSchema = z.object({ subscriptionId: z.string().min(1).max(64) });
