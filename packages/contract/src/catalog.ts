import * as z from 'zod/mini';
import { moneySchema } from './money.ts';

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  price: moneySchema,
});
export type Product = z.infer<typeof productSchema>;

export const subscriptionIntervalSchema = z.enum(['DAY', 'WEEK', 'MONTH']);
export type SubscriptionInterval = z.infer<typeof subscriptionIntervalSchema>;

/**
 * What a subscribable product charges: `amount` (in the price's currency and minor unit) every
 * `interval_count` `interval`s. The store prices each cycle from these; the browser only shows them.
 */
export const subscriptionTermsSchema = z.object({
  interval: subscriptionIntervalSchema,
  interval_count: z.int().check(z.positive()),
  amount: z.int().check(z.positive()),
});
export type SubscriptionTerms = z.infer<typeof subscriptionTermsSchema>;

/**
 * A product as the catalogue lists it: a subscribable one carries its terms (the cart and order
 * lines keep the plain product).
 */
export const catalogProductSchema = z.extend(productSchema, {
  subscription: z.optional(subscriptionTermsSchema),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

export const voucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  /** Channel code the voucher is limited to, or null for any. */
  payment_method_type: z.nullable(z.string()),
  fixed_amount: z.int().check(z.nonnegative()),
});
export type Voucher = z.infer<typeof voucherSchema>;
