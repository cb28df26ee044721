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

export const voucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  /** Channel code the voucher is limited to, or null for any. */
  payment_method_type: z.nullable(z.string()),
  fixed_amount: z.int().check(z.nonnegative()),
});
export type Voucher = z.infer<typeof voucherSchema>;
