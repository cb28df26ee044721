import { z } from 'zod';
import {
  actionSchema,
  countrySchema,
  currencySchema,
  customerSchema,
  merchantMetadataSchema,
  metadataSchema,
  optionalString,
} from './common.ts';
import { channelPropertiesSchema, shownChannelPropertiesSchema } from './payment-requests.ts';

export const paymentTokenStatusSchema = z.enum([
  'REQUIRES_ACTION',
  'PENDING',
  'ACTIVE',
  'FAILED',
  'EXPIRED',
  'CANCELED',
]);
export type PaymentTokenStatus = z.infer<typeof paymentTokenStatusSchema>;

export const createPaymentTokenBodySchema = z.object({
  reference_id: z.string().min(1).max(255),
  country: countrySchema,
  currency: currencySchema,
  channel_code: z.string().min(1).max(64),
  channel_properties: channelPropertiesSchema,
  customer_id: z.string().min(1).max(41).optional(),
  customer: customerSchema.optional(),
  description: z.string().min(1).max(1000).optional(),
  metadata: merchantMetadataSchema.optional(),
});
export type CreatePaymentTokenBody = z.infer<typeof createPaymentTokenBodySchema>;

export const tokenDetailsSchema = z.looseObject({
  account_name: optionalString,
  account_balance: optionalString,
  account_number: optionalString,
  masked_card_number: optionalString,
  card_network: optionalString,
  expiry_month: optionalString,
  expiry_year: optionalString,
});
export type TokenDetails = z.infer<typeof tokenDetailsSchema>;

export const paymentTokenSchema = z.looseObject({
  payment_token_id: z.string(),
  business_id: z.string().nullish(),
  reference_id: z.string(),
  channel_code: z.string(),
  country: countrySchema,
  currency: currencySchema,
  customer_id: optionalString,
  channel_properties: shownChannelPropertiesSchema.nullish(),
  actions: z.array(actionSchema).nullish(),
  status: paymentTokenStatusSchema,
  token_details: tokenDetailsSchema.nullish(),
  failure_code: optionalString,
  description: optionalString,
  metadata: metadataSchema.nullish(),
  created: z.string(),
  updated: z.string(),
});
export type PaymentToken = z.infer<typeof paymentTokenSchema>;
