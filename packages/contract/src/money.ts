import * as z from 'zod/mini';
import { currencies } from './currency.ts';

export * from './currency.ts';

export const currencySchema = z.enum(currencies);

export const moneySchema = z.object({
  amount: z.int().check(z.nonnegative()),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;
