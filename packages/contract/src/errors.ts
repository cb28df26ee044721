import { z } from 'zod';

/** One request/response pair exchanged with the provider, as shown in the logs and error viewer. */
export const providerExchangeSchema = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    data: z.unknown(),
  }),
  response: z
    .object({
      status: z.number().int(),
      headers: z.record(z.string(), z.string()),
      data: z.unknown(),
    })
    .nullable(),
  started_at: z.string(),
  duration_ms: z.number(),
});
export type ProviderExchange = z.infer<typeof providerExchangeSchema>;

/** The one error shape of the storefront API. */
export const apiErrorSchema = z.object({
  error_code: z.string(),
  message: z.string(),
  response: providerExchangeSchema.optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: 'API_VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  tokenExpired: 'TOKEN_EXPIRED_ERROR',
  invalidCredential: 'INVALID_CREDENTIAL',
  appNotFound: 'APP_NOT_FOUND',
  customerNotFound: 'CUSTOMER_NOT_FOUND',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMIT_EXCEEDED',
  internal: 'INTERNAL_ERROR',
} as const;
