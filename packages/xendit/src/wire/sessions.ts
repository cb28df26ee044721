import { z } from 'zod';
import {
  amountSchema,
  countrySchema,
  currencySchema,
  customerSchema,
  metadataSchema,
  optionalString,
} from './common.ts';
import { captureMethodSchema } from './payment-requests.ts';

export const sessionTypeSchema = z.enum(['PAY', 'SAVE']);
export type SessionType = z.infer<typeof sessionTypeSchema>;

/** CARDS_SESSION_JS is the mode of the cards-session script (PROVIDER.md); the other two are published. */
export const sessionModeSchema = z.enum(['CARDS_SESSION_JS', 'PAYMENT_LINK', 'COMPONENTS']);

export const sessionStatusSchema = z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED', 'CANCELED']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const cardsSessionJsSchema = z.object({
  success_return_url: z.url(),
  failure_return_url: z.url(),
});

export const createSessionBodySchema = z
  .object({
    reference_id: z.string().min(1).max(64),
    session_type: sessionTypeSchema,
    mode: sessionModeSchema,
    amount: amountSchema,
    currency: currencySchema,
    country: countrySchema,
    customer_id: z.string().min(1).max(41).optional(),
    customer: customerSchema.optional(),
    cards_session_js: cardsSessionJsSchema.optional(),
    allow_save_payment_method: z.enum(['DISABLED', 'OPTIONAL', 'FORCED']).optional(),
    capture_method: captureMethodSchema.optional(),
    channel_properties: z.record(z.string(), z.unknown()).optional(),
    allowed_payment_channels: z.array(z.string()).optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    locale: z.string().optional(),
    description: z.string().min(1).max(1000).optional(),
    metadata: metadataSchema.optional(),
    success_return_url: z.url().optional(),
    cancel_return_url: z.url().optional(),
  })
  .refine((body) => body.customer_id !== undefined || body.customer !== undefined, {
    path: ['customer'],
    message: 'customer or customer_id is required',
  })
  .refine((body) => body.session_type !== 'SAVE' || body.amount === 0, {
    path: ['amount'],
    message: 'amount must be 0 for a SAVE session',
  })
  .refine((body) => body.mode !== 'CARDS_SESSION_JS' || body.cards_session_js !== undefined, {
    path: ['cards_session_js'],
    message: 'cards_session_js is required for mode CARDS_SESSION_JS',
  });
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

export const sessionSchema = z.looseObject({
  payment_session_id: z.string(),
  business_id: z.string().nullish(),
  reference_id: z.string(),
  customer_id: optionalString,
  session_type: sessionTypeSchema,
  mode: sessionModeSchema,
  amount: amountSchema,
  currency: currencySchema,
  country: countrySchema,
  status: sessionStatusSchema,
  cards_session_js: cardsSessionJsSchema.nullish(),
  allow_save_payment_method: optionalString,
  capture_method: captureMethodSchema.nullish(),
  expires_at: optionalString,
  description: optionalString,
  metadata: metadataSchema.nullish(),
  payment_link_url: optionalString,
  payment_request_id: optionalString,
  payment_token_id: optionalString,
  payment_id: optionalString,
  created: z.string(),
  updated: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/** What the cards-session script posts; the store also sends cardholder_phone, accepted as an alias. */
export const paymentWithSessionBodySchema = z.object({
  payment_session_id: z.string().min(1),
  card_number: z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'),
  expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be two digits 01 to 12'),
  expiry_year: z.string().regex(/^\d{4}$/, 'must be four digits'),
  cvn: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  cardholder_first_name: z.string().min(1).max(50).optional(),
  cardholder_last_name: z.string().min(1).max(50).optional(),
  cardholder_email: z.email().optional(),
  cardholder_phone_number: z.string().min(1).max(50).optional(),
  cardholder_phone: z.string().min(1).max(50).optional(),
  confirm_save: z.boolean().optional(),
});
export type PaymentWithSessionBody = z.infer<typeof paymentWithSessionBodySchema>;

export const paymentWithSessionResponseSchema = z.looseObject({
  message: z.string(),
  payment_request_id: optionalString,
  payment_token_id: optionalString,
  action_url: optionalString,
});
export type PaymentWithSessionResponse = z.infer<typeof paymentWithSessionResponseSchema>;
