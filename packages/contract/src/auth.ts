import * as z from 'zod/mini';
import { appIdRules, appModes } from './app-ids.ts';

export const appModeSchema = z.enum(appModes);
export type AppMode = z.infer<typeof appModeSchema>;

export const appIdSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(appIdRules.maxLength),
    z.regex(appIdRules.pattern, 'App id may hold letters, digits, - and _'),
  );

/** Claims of the storefront session token (decoded, not verified, by the browser). */
export const sessionClaimsSchema = z.object({
  app_id: z.string(),
  mode: appModeSchema,
  customer_id: z.string(),
  exp: z.optional(z.number()),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

export const loginResponseSchema = z.object({ token: z.string() });

/**
 * The longest mobile number the store keeps: E.164 allows 15 digits, and this leaves room for a
 * number typed with spaces. No other check (the specification: "Mobile number has no format check").
 */
export const mobileNumberMaxLength = 32;

export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  mobile_number: z.nullable(z.string()),
});
export type Customer = z.infer<typeof customerSchema>;
