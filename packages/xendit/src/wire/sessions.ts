import { z } from 'zod';
import {
  amountSchema,
  countrySchema,
  currencySchema,
  customerSchema,
  itemSchema,
  merchantMetadataSchema,
  metadataSchema,
  optionalString,
} from './common.ts';
import { captureMethodSchema } from './payment-requests.ts';

/**
 * The description's session_type enum (Payment_Session_SessionTypePublicEnum): PAY and SAVE only.
 * A subscription is set up with a SAVE session and the /recurring plans, so SUBSCRIPTION, which
 * some integrations try, is refused with that said.
 */
export const sessionTypeSchema = z.enum(['PAY', 'SAVE'], {
  error:
    'must be PAY or SAVE (the published description names no other session type; for a subscription, save the method with a SAVE session and create a plan with /recurring/plans)',
});
export type SessionType = z.infer<typeof sessionTypeSchema>;

/** CARDS_SESSION_JS is the mode of the cards-session script (PROVIDER.md); the other two are published. */
export const sessionModeSchema = z.enum(['CARDS_SESSION_JS', 'PAYMENT_LINK', 'COMPONENTS']);

export const sessionStatusSchema = z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED', 'CANCELED']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const cardsSessionJsSchema = z.object({
  success_return_url: z.url(),
  failure_return_url: z.url(),
});

/**
 * An item of a session. The description's own PaymentLink_OneTimePaymentExample gives each item its
 * currency, which its item schema does not name: taken, and shown back, as sent.
 */
export const sessionItemSchema = itemSchema.extend({ currency: currencySchema.optional() });

/**
 * What the components browser SDK needs (mode COMPONENTS): the origins that may embed it. Absent from
 * the published file; the provider's components overview makes it mandatory for that mode
 * (https://docs.xendit.co/docs/components-overview).
 */
export const componentsConfigurationSchema = z.looseObject({
  origins: z.array(z.url()).min(1),
});

/**
 * The description's Payment_Session_Currency: a session is in one of these only, fewer than a
 * payment request's currencies (no HKD or MXN, say).
 */
export const sessionCurrencySchema = z.enum(['IDR', 'PHP', 'VND', 'THB', 'SGD', 'MYR', 'USD']);

/**
 * The description's Payment_Session_Country: sessions are offered in these markets only, fewer than
 * a payment request's countries (no HK or MX). Checked as a refinement so the body keeps the
 * payment request's country type, which callers build sessions from.
 */
export const sessionCountries = ['ID', 'PH', 'VN', 'TH', 'SG', 'MY'] as const;
export const sessionCountrySchema = countrySchema.refine(
  (country) => (sessionCountries as readonly string[]).includes(country),
  { message: `must be one of ${sessionCountries.join(', ')} (Payment_Session_Country)` },
);

export const allowSavePaymentMethodSchema = z.enum(['DISABLED', 'OPTIONAL', 'FORCED']);
export type AllowSavePaymentMethod = z.infer<typeof allowSavePaymentMethodSchema>;

export const createSessionBodySchema = z
  .object({
    reference_id: z.string().min(1).max(64),
    session_type: sessionTypeSchema,
    mode: sessionModeSchema,
    amount: amountSchema,
    currency: sessionCurrencySchema,
    country: sessionCountrySchema,
    // Payment_Session_CustomerId: exactly 41 characters, cust- and a UUID.
    customer_id: z.string().length(41).optional(),
    customer: customerSchema.optional(),
    cards_session_js: cardsSessionJsSchema.optional(),
    allow_save_payment_method: allowSavePaymentMethodSchema.optional(),
    capture_method: captureMethodSchema.optional(),
    components_configuration: componentsConfigurationSchema.optional(),
    items: z.array(sessionItemSchema).nullish(),
    channel_properties: z.record(z.string(), z.unknown()).optional(),
    allowed_payment_channels: z.array(z.string()).optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    locale: z.string().min(2).max(5).optional(),
    description: z.string().min(1).max(1000).optional(),
    // Payment_Session_MerchantMetadata is nullable: null is the same as none.
    metadata: merchantMetadataSchema.nullish(),
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
  })
  .refine((body) => body.mode !== 'COMPONENTS' || body.components_configuration !== undefined, {
    path: ['components_configuration'],
    message: 'components_configuration.origins is required for mode COMPONENTS',
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
  components_configuration: componentsConfigurationSchema.nullish(),
  /** Handed to the components browser SDK (mode COMPONENTS). */
  components_sdk_key: optionalString,
  allow_save_payment_method: optionalString,
  capture_method: captureMethodSchema.nullish(),
  channel_properties: z.record(z.string(), z.unknown()).nullish(),
  allowed_payment_channels: z.array(z.string()).nullish(),
  expires_at: optionalString,
  locale: optionalString,
  description: optionalString,
  metadata: metadataSchema.nullish(),
  items: z.array(sessionItemSchema).nullish(),
  success_return_url: optionalString,
  cancel_return_url: optionalString,
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
