import * as z from 'zod/mini';

export * from './error-codes.ts';

/** One request/response pair exchanged with the provider, as shown in the logs and error viewer. */
export const providerExchangeSchema = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    data: z.unknown(),
  }),
  response: z.nullable(
    z.object({
      status: z.int(),
      headers: z.record(z.string(), z.string()),
      data: z.unknown(),
    }),
  ),
  started_at: z.string(),
  duration_ms: z.number(),
});
export type ProviderExchange = z.infer<typeof providerExchangeSchema>;

/** The one error shape of the storefront API. */
export const apiErrorSchema = z.object({
  error_code: z.string(),
  message: z.string(),
  response: z.optional(providerExchangeSchema),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
