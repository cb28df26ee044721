import * as z from 'zod/mini';
import { customerSchema, loginResponseSchema } from './auth.ts';
import { catalogProductSchema, voucherSchema } from './catalog.ts';
import { cardSessionSchema } from './cards.ts';
import { paymentMethodSchema } from './payment-methods.ts';
import { channelSchema, paymentSchema } from './payments.ts';
import { createRefundResponseSchema } from './refunds.ts';
import { subscriptionSchema } from './subscriptions.ts';
import type { ApiName } from './routes.ts';

/**
 * The successful answer of every storefront API call, by name. The server serialises answers with
 * these and the web client checks them, so they are zod/mini schemas: a few kilobytes in the
 * browser, where classic zod would add tens.
 */
export const apiResponses = {
  login: loginResponseSchema,
  logout: z.object({ signed_out: z.literal(true) }),
  logoutEverywhere: z.object({ signed_out: z.literal(true) }),
  getCurrentCustomer: customerSchema,
  updateCurrentCustomer: customerSchema,

  listProducts: z.object({ products: z.array(catalogProductSchema) }),
  getProduct: catalogProductSchema,
  listVouchers: z.object({ vouchers: z.array(voucherSchema) }),

  listChannels: z.object({ channels: z.array(channelSchema) }),
  createPayment: paymentSchema,
  createCheckoutSessionPayment: paymentSchema,
  listPayments: z.object({ payments: z.array(paymentSchema), next_cursor: z.nullable(z.string()) }),
  getPayment: paymentSchema,
  validatePaymentOtp: paymentSchema,
  resendPaymentOtp: paymentSchema,
  cancelPayment: paymentSchema,
  simulatePayment: paymentSchema,

  refundPayment: createRefundResponseSchema,

  createPaymentMethod: paymentMethodSchema,
  createCheckoutSessionPaymentMethod: paymentMethodSchema,
  listPaymentMethods: z.object({
    payment_methods: z.array(paymentMethodSchema),
    next_cursor: z.nullable(z.string()),
  }),
  getPaymentMethod: paymentMethodSchema,
  validatePaymentMethodOtp: paymentMethodSchema,
  cancelPaymentMethod: paymentMethodSchema,

  getCardSession: cardSessionSchema,
  createCardPayment: cardSessionSchema,
  completeCardSession: paymentSchema,
  completeCardSaveSession: paymentMethodSchema,

  createSubscription: subscriptionSchema,
  listSubscriptions: z.object({
    subscriptions: z.array(subscriptionSchema),
    next_cursor: z.nullable(z.string()),
  }),
  getSubscription: subscriptionSchema,
  cancelSubscription: subscriptionSchema,
  runNextSubscriptionCycle: subscriptionSchema,
} satisfies Record<ApiName, z.ZodMiniType>;
