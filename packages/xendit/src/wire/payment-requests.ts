import { z } from 'zod';
import {
  actionSchema,
  amountSchema,
  countrySchema,
  currencySchema,
  customerSchema,
  itemSchema,
  merchantMetadataSchema,
  metadataSchema,
  optionalString,
  shippingInformationSchema,
} from './common.ts';

export const paymentRequestTypeSchema = z.enum(['PAY', 'PAY_AND_SAVE', 'REUSABLE_PAYMENT_CODE']);
export type PaymentRequestType = z.infer<typeof paymentRequestTypeSchema>;

/** As published: PENDING is a status of the payment, not of the payment request. */
export const paymentRequestStatusSchema = z.enum([
  'REQUIRES_ACTION',
  'ACCEPTING_PAYMENTS',
  'AUTHORIZED',
  'SUCCEEDED',
  'FAILED',
  'CANCELED',
  'EXPIRED',
]);
export type PaymentRequestStatus = z.infer<typeof paymentRequestStatusSchema>;

export const paymentStatusSchema = z.enum([
  'AUTHORIZED',
  'CANCELED',
  'SUCCEEDED',
  'FAILED',
  'EXPIRED',
  'PENDING',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const captureMethodSchema = z.enum(['AUTOMATIC', 'MANUAL']);

export const cardDetailsSchema = z.object({
  card_number: z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'),
  expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be two digits 01 to 12'),
  expiry_year: z.string().regex(/^\d{4}$/, 'must be four digits'),
  cvn: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  cardholder_first_name: z.string().min(1).max(50).optional(),
  cardholder_last_name: z.string().min(1).max(50).optional(),
  cardholder_email: z.email().optional(),
  cardholder_phone_number: z.string().min(1).max(50).optional(),
});
export type CardDetails = z.infer<typeof cardDetailsSchema>;

/** The card as the provider shows it back on payment requests, payments and tokens: masked. */
export const maskedCardDetailsSchema = z.looseObject({
  masked_card_number: optionalString,
  cardholder_first_name: optionalString,
  cardholder_last_name: optionalString,
  cardholder_email: optionalString,
  cardholder_phone_number: optionalString,
  expiry_month: optionalString,
  expiry_year: optionalString,
  fingerprint: optionalString,
  type: optionalString,
  network: optionalString,
  country: optionalString,
  issuer: optionalString,
});
export type MaskedCardDetails = z.infer<typeof maskedCardDetailsSchema>;

/** Channel-specific data; the fields the store and the simulator use are named, others pass through. */
export const channelPropertiesSchema = z.looseObject({
  success_return_url: z.url().optional(),
  failure_return_url: z.url().optional(),
  cancel_return_url: z.url().optional(),
  expires_at: z.iso.datetime({ offset: true }).optional(),
  display_name: z.string().min(1).max(255).optional(),
  account_mobile_number: z.string().min(1).max(50).optional(),
  mobile_number: z.string().min(1).max(50).optional(),
  card_details: cardDetailsSchema.optional(),
  skip_three_ds: z.boolean().optional(),
});
export type ChannelProperties = z.infer<typeof channelPropertiesSchema>;

/** Channel properties in the provider's answers, where card_details holds the masked card. */
export const shownChannelPropertiesSchema = channelPropertiesSchema.extend({
  card_details: maskedCardDetailsSchema.optional(),
});
export type ShownChannelProperties = z.infer<typeof shownChannelPropertiesSchema>;

export const createPaymentRequestBodySchema = z
  .object({
    reference_id: z.string().min(1).max(255),
    type: paymentRequestTypeSchema,
    country: countrySchema,
    currency: currencySchema,
    /** Left out by a REUSABLE_PAYMENT_CODE that takes payments of any amount. */
    request_amount: amountSchema.optional(),
    /** Left out with a payment_token_id: the channel comes from the token. */
    channel_code: z.string().min(1).max(64).optional(),
    channel_properties: channelPropertiesSchema.optional(),
    payment_token_id: z.string().min(1).optional(),
    customer_id: z.string().min(1).max(41).optional(),
    customer: customerSchema.optional(),
    capture_method: captureMethodSchema.optional(),
    description: z.string().min(1).max(1000).optional(),
    items: z.array(itemSchema).optional(),
    shipping_information: shippingInformationSchema.optional(),
    metadata: merchantMetadataSchema.optional(),
  })
  // The published body is one of four shapes. Without a token both channel_code and
  // channel_properties are required (Pay, PayAndSave, ReusablePaymentCode). With a token
  // (PayWithToken) the channel comes from the token, as the provider's "Pay with tokens" guide and
  // the description's own PAY_WithToken_* examples have it, and the body may still name it and
  // carry channel_properties: PayWithToken lists both, and its PAY_WithToken_Cards example sends
  // card_on_file_type there. Such a body also fits the open Pay shape, which a strict reading of
  // oneOf would refuse; the provider tells the shapes apart by payment_token_id, as this does.
  // PayWithToken is the only shape with a payment_token_id, and its type is PAY alone:
  // PAY_AND_SAVE saves a new method and REUSABLE_PAYMENT_CODE issues a code, neither from a token.
  .refine((body) => body.payment_token_id === undefined || body.type === 'PAY', {
    path: ['type'],
    message:
      'must be PAY with a payment_token_id (the description gives PayWithToken type PAY alone)',
  })
  // Pay, PayAndSave and PayWithToken require request_amount; ReusablePaymentCode alone does not,
  // and without it its code takes payments of any amount ("open amount").
  .refine((body) => body.request_amount !== undefined || body.type === 'REUSABLE_PAYMENT_CODE', {
    path: ['request_amount'],
    message: 'request_amount is required, except for a REUSABLE_PAYMENT_CODE of any amount',
  })
  .refine((body) => body.payment_token_id !== undefined || body.channel_code !== undefined, {
    path: ['channel_code'],
    message: 'channel_code is required without payment_token_id',
  })
  .refine((body) => body.payment_token_id !== undefined || body.channel_properties !== undefined, {
    path: ['channel_properties'],
    message: 'channel_properties is required without payment_token_id',
  });
export type CreatePaymentRequestBody = z.infer<typeof createPaymentRequestBodySchema>;

export const paymentRequestSchema = z.looseObject({
  payment_request_id: z.string(),
  business_id: z.string(),
  reference_id: z.string(),
  type: paymentRequestTypeSchema,
  country: countrySchema,
  currency: currencySchema,
  /** Absent from a reusable code of any amount. */
  request_amount: amountSchema.optional(),
  capture_method: captureMethodSchema.nullish(),
  channel_code: z.string(),
  channel_properties: shownChannelPropertiesSchema.nullish(),
  payment_token_id: optionalString,
  customer_id: optionalString,
  latest_payment_id: optionalString,
  actions: z.array(actionSchema).nullish(),
  status: paymentRequestStatusSchema,
  failure_code: optionalString,
  description: optionalString,
  items: z.array(itemSchema).nullish(),
  shipping_information: shippingInformationSchema.nullish(),
  metadata: metadataSchema.nullish(),
  created: z.string(),
  updated: z.string(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** The payment object: the data of payment.capture and payment.failure webhooks. */
export const paymentSchema = z.looseObject({
  payment_id: z.string(),
  business_id: z.string().nullish(),
  payment_request_id: z.string(),
  reference_id: z.string(),
  customer_id: optionalString,
  payment_token_id: optionalString,
  type: z.string().nullish(),
  request_amount: amountSchema,
  currency: currencySchema,
  country: countrySchema,
  channel_code: z.string(),
  channel_properties: shownChannelPropertiesSchema.nullish(),
  capture_method: captureMethodSchema.nullish(),
  captures: z
    .array(
      z.looseObject({
        capture_id: z.string(),
        capture_amount: amountSchema,
        capture_timestamp: z.string(),
      }),
    )
    .nullish(),
  status: paymentStatusSchema,
  failure_code: optionalString,
  description: optionalString,
  metadata: metadataSchema.nullish(),
  created: z.string(),
  updated: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const capturePaymentBodySchema = z.object({ capture_amount: amountSchema });
export type CapturePaymentBody = z.infer<typeof capturePaymentBodySchema>;

export const simulatePaymentBodySchema = z.object({ amount: amountSchema });
export type SimulatePaymentBody = z.infer<typeof simulatePaymentBodySchema>;

export const simulatePaymentResponseSchema = z.looseObject({
  status: z.literal('PENDING'),
  message: z.string(),
});
export type SimulatePaymentResponse = z.infer<typeof simulatePaymentResponseSchema>;
