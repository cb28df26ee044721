import { z } from 'zod';

/** Fields whose value the real provider may send as null where the simulator leaves them out. */
export const optionalString = z.string().nullish();

export const countrySchema = z.enum(['ID', 'PH', 'VN', 'TH', 'SG', 'MY', 'HK', 'MX']);
export type Country = z.infer<typeof countrySchema>;

export const currencySchema = z.enum([
  'IDR',
  'PHP',
  'VND',
  'THB',
  'SGD',
  'MYR',
  'USD',
  'HKD',
  'AUD',
  'GBP',
  'EUR',
  'JPY',
  'MXN',
]);
export type Currency = z.infer<typeof currencySchema>;

/** Amounts are the provider's numbers as they are: whole rupiah for IDR, up to 2 decimals for PHP. */
export const amountSchema = z.number().nonnegative();

export const metadataSchema = z.record(z.string(), z.unknown());

/**
 * Metadata a request sets, within the description's limits (Payments_API_MerchantMetadata and
 * Payment_Session_MerchantMetadata): "up to 50 keys, with key names up to 40 characters and values
 * up to 500 characters". A value that is not text is measured as its JSON.
 */
export const merchantMetadataSchema = metadataSchema.superRefine((metadata, context) => {
  const entries = Object.entries(metadata);
  if (entries.length > 50) {
    context.addIssue({
      code: 'custom',
      message: `must have at most 50 keys, not ${entries.length}`,
    });
  }
  for (const [name, value] of entries) {
    if (name.length > 40) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'key names must be at most 40 characters',
      });
    }
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    if (text.length > 500) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'values must be at most 500 characters',
      });
    }
  }
});

export const customerSchema = z.object({
  type: z.literal('INDIVIDUAL'),
  reference_id: z.string().min(1).max(255),
  email: z.email().min(4).max(50).optional(),
  mobile_number: z.string().min(1).max(50).optional(),
  // The description's XenditStandardIndividualDetail: only given_names is required.
  individual_detail: z.object({
    given_names: z.string().min(1).max(50),
    surname: z.string().min(1).max(50).optional(),
    nationality: z.string().length(2).optional(),
    place_of_birth: z.string().min(1).max(60).optional(),
    // "Format: YYYY-MM-DD", 10 characters.
    date_of_birth: z.iso.date().optional(),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER']).optional(),
  }),
});
export type Customer = z.infer<typeof customerSchema>;

/** An item as published: every field but url, image_url, subcategory, description and metadata is required. */
export const itemSchema = z.object({
  reference_id: z.string().min(1).max(255),
  type: z.enum([
    'DIGITAL_PRODUCT',
    'PHYSICAL_PRODUCT',
    'DIGITAL_SERVICE',
    'PHYSICAL_SERVICE',
    'FEE',
  ]),
  name: z.string().min(1).max(255),
  net_unit_amount: z.number(),
  quantity: z.number().int().positive(),
  category: z.string().max(255),
  subcategory: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  metadata: merchantMetadataSchema.optional(),
});
export type Item = z.infer<typeof itemSchema>;

/** The description's Payments_API_XenditStandardShippingInformation: country required, the rest 1-255. */
const shippingLine = z.string().min(1).max(255).optional();
export const shippingInformationSchema = z.object({
  country: z.enum(['ID', 'PH', 'VN', 'TH', 'SG', 'MY', 'MX']),
  street_line1: shippingLine,
  street_line2: shippingLine,
  city: shippingLine,
  province_state: shippingLine,
  postal_code: shippingLine,
});
export type ShippingInformation = z.infer<typeof shippingInformationSchema>;

export const actionSchema = z.object({
  type: z.enum(['PRESENT_TO_CUSTOMER', 'REDIRECT_CUSTOMER', 'API_POST_REQUEST']),
  descriptor: z.enum([
    'CAPTURE_PAYMENT',
    'PAYMENT_CODE',
    'QR_STRING',
    'VIRTUAL_ACCOUNT_NUMBER',
    'WEB_URL',
    'DEEPLINK_URL',
    'VALIDATE_OTP',
    'RESEND_OTP',
    // Not in the published descriptor enum, yet its own BPI direct-debit example answers with it.
    'DEBIT_ACCOUNT',
  ]),
  value: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

export const otpBodySchema = z.object({ otp_code: z.string().min(1).max(16) });
export type OtpBody = z.infer<typeof otpBodySchema>;

/** Every provider error answers with this body. */
export const errorBodySchema = z.looseObject({
  error_code: z.string(),
  message: z.string(),
  errors: z
    .array(
      z.union([
        z.string(),
        z.looseObject({ path: z.string().optional(), message: z.string().optional() }),
      ]),
    )
    .nullish(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorCodes = [
  'API_VALIDATION_ERROR',
  'INVALID_PAYMENT_DETAILS',
  'CARD_EXPIRED',
  'INVALID_OTP',
  'EXPIRED_OTP',
  'MAX_OTP_ATTEMPTS',
  'INELIGIBLE_TRANSACTION_STATUS',
  'INACTIVE_PAYMENT_REQUEST',
  'REFUND_AMOUNT_EXCEEDED',
  'REFUND_IN_PROGRESS',
  'INVALID_TOKEN',
  'INVALID_API_KEY',
  'ACCOUNT_ACCESS_BLOCKED',
  'INVALID_MERCHANT_SETTINGS',
  'DATA_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'DUPLICATE_ERROR',
  'ACCOUNT_ALREADY_LINKED',
  'RATE_LIMIT_EXCEEDED',
  'SERVER_ERROR',
  'CHANNEL_UNAVAILABLE',
] as const;
export type ProviderErrorCode = (typeof errorCodes)[number];
