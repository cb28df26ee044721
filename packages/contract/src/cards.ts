import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { currencySchema } from './money.ts';
import { paymentMethodSchema } from './payment-methods.ts';
import { orderRequestLineSchema, paymentSchema } from './payments.ts';

export const cardSessionStatusSchema = z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED', 'CANCELED']);

/**
 * A card session of the provider's cards-session script. `id` is the provider's session id: the
 * browser passes it as payment_session_id to `Xendit.payment.collectCardData`, with
 * `extra_data.public_key` set by `Xendit.setPublishableKey`.
 */
export const cardSessionSchema = z.object({
  id: z.string(),
  type: z.enum(['PAY', 'SAVE']),
  status: cardSessionStatusSchema,
  /** In the currency's minor unit; 0 for SAVE sessions. */
  amount: z.number().int(),
  currency: currencySchema,
  /** The store payment a PAY session pays for. */
  payment_id: z.string().nullable(),
  /** The store payment method a SAVE session links (POST /payment_methods with channel CARDS). */
  payment_method_id: z.string().nullable(),
  extra_data: z.object({ public_key: z.string() }),
  created: z.string(),
});
export type CardSession = z.infer<typeof cardSessionSchema>;

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

export const cardErrorCodes = {
  /** The customer has no ACTIVE card session: the browser creates one with POST /payments/cards. */
  sessionNotFound: 'CARDS_SESSION_NOT_FOUND',
  /** The payment request named in complete is not the one this session made. */
  requestMismatch: 'PAYMENT_REQUEST_MISMATCH',
} as const;

export const cardEndpoints = {
  getCardSession: endpoint({
    method: 'GET',
    path: '/payments/cards/session',
    auth: true,
    response: cardSessionSchema,
    summary:
      "The customer's current ACTIVE card session, or 404 CARDS_SESSION_NOT_FOUND when there is none",
  }),
  createCardPayment: endpoint({
    method: 'POST',
    path: '/payments/cards',
    auth: true,
    body: createCardPaymentRequestSchema,
    response: cardSessionSchema,
    successStatus: 201,
    summary:
      'Start a card payment: the store payment and a PAY card session for the browser script',
  }),
  completeCardSession: endpoint({
    method: 'POST',
    path: '/payments/cards/session/:sessionId/complete',
    auth: true,
    params: z.object({ sessionId: z.string().min(1).max(64) }),
    body: z.object({ payment_request_id: z.string().min(1).max(64) }),
    response: paymentSchema,
    summary:
      'Attach the payment request the cards-session script made; answers the payment (3DS: REQUIRES_ACTION with a redirect)',
  }),
  completeCardSaveSession: endpoint({
    method: 'POST',
    path: '/payments/cards/session/:sessionId/complete_save',
    auth: true,
    params: z.object({ sessionId: z.string().min(1).max(64) }),
    body: z.object({ payment_token_id: z.string().min(1).max(64) }),
    response: paymentMethodSchema,
    summary:
      'Attach the payment token the cards-session script made from a SAVE session; answers the payment method (3DS: REQUIRES_ACTION with a redirect)',
  }),
};
