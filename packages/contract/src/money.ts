import { z } from 'zod';

/**
 * Decimal places of each currency's minor unit as the provider counts them (IDR has none in practice).
 * Amounts everywhere in the API are integers in that minor unit.
 */
export const currencyExponents = { IDR: 0, PHP: 2, VND: 0, THB: 2, MYR: 2, USD: 2 } as const;
export const currencySchema = z.enum(['IDR', 'PHP', 'VND', 'THB', 'MYR', 'USD']);
export type Currency = z.infer<typeof currencySchema>;

export const moneySchema = z.object({
  amount: z.number().int().nonnegative(),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;

export function toMajorUnits(amount: number, currency: Currency): number {
  return amount / 10 ** currencyExponents[currency];
}

export function toMinorUnits(majorAmount: number, currency: Currency): number {
  return Math.round(majorAmount * 10 ** currencyExponents[currency]);
}

export function formatMoney(amount: number, currency: Currency, locale = 'en-US'): string {
  const digits = currencyExponents[currency];
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(toMajorUnits(amount, currency));
}
