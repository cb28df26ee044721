import * as z from 'zod/mini';
import { currencySchema } from './money.ts';

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
  amount: z.int(),
  currency: currencySchema,
  /** The store payment a PAY session pays for. */
  payment_id: z.nullable(z.string()),
  /** The store payment method a SAVE session links (POST /payment_methods with channel CARDS). */
  payment_method_id: z.nullable(z.string()),
  extra_data: z.object({ public_key: z.string() }),
  created: z.string(),
});
export type CardSession = z.infer<typeof cardSessionSchema>;

export const cardErrorCodes = {
  /** The customer has no ACTIVE card session: the browser creates one with POST /payments/cards. */
  sessionNotFound: 'CARDS_SESSION_NOT_FOUND',
  /** The payment request named in complete is not the one this session made. */
  requestMismatch: 'PAYMENT_REQUEST_MISMATCH',
} as const;
