import { z } from 'zod';
import { endpoint } from './endpoint.ts';
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
  payment_method_type: z.string().nullable(),
  fixed_amount: z.number().int().nonnegative(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const catalogEndpoints = {
  listProducts: endpoint({
    method: 'GET',
    path: '/products',
    auth: true,
    response: z.object({ products: z.array(productSchema) }),
    summary: "The app's product catalogue",
  }),
  getProduct: endpoint({
    method: 'GET',
    path: '/products/:productId',
    auth: true,
    params: z.object({ productId: z.string().min(1).max(64) }),
    response: productSchema,
    summary: 'One product',
  }),
  listVouchers: endpoint({
    method: 'GET',
    path: '/vouchers',
    auth: false,
    query: z.object({ app_id: z.string().max(64).optional() }),
    response: z.object({ vouchers: z.array(voucherSchema) }),
    summary: 'Vouchers of an app (open: the specification sends no token)',
  }),
};
