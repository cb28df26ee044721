import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const appModeSchema = z.enum(['development', 'live']);
export type AppMode = z.infer<typeof appModeSchema>;

export const appIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'App id may hold letters, digits, - and _');

/** Claims of the storefront session token (decoded, not verified, by the browser). */
export const sessionClaimsSchema = z.object({
  app_id: z.string(),
  mode: appModeSchema,
  customer_id: z.string(),
  exp: z.number().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

export const loginRequestSchema = z.object({
  credential: z.string().min(1).max(8192),
  app_id: appIdSchema,
});
export const loginResponseSchema = z.object({ token: z.string() });

export const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  mobile_number: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The browser sends the whole record back; only mobile_number is editable. */
export const updateCustomerRequestSchema = z.object({
  mobile_number: z.string().trim().max(32).nullable(),
  email: z.string().optional(),
  id: z.string().optional(),
  name: z.string().nullable().optional(),
});

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    auth: false,
    body: loginRequestSchema,
    response: loginResponseSchema,
    summary: 'Exchange an identity provider credential for a session token',
  }),
  getCurrentCustomer: endpoint({
    method: 'GET',
    path: '/auth/customers/me',
    auth: true,
    response: customerSchema,
    summary: 'The signed-in customer',
  }),
  updateCurrentCustomer: endpoint({
    method: 'PATCH',
    path: '/auth/customers/me',
    auth: true,
    body: updateCustomerRequestSchema,
    response: customerSchema,
    summary: "Change the signed-in customer's mobile number",
  }),
};
