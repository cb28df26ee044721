/** The currencies the store sells in. */
export const currencies = ['IDR', 'PHP', 'VND', 'THB', 'MYR', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/**
 * Decimal places of each currency's minor unit as the provider counts them (IDR has none in practice).
 * Amounts everywhere in the API are integers in that minor unit.
 */
export const currencyExponents = {
  IDR: 0,
  PHP: 2,
  VND: 0,
  THB: 2,
  MYR: 2,
  USD: 2,
} as const satisfies Record<Currency, number>;

export function toMajorUnits(amount: number, currency: Currency): number {
  return amount / 10 ** currencyExponents[currency];
}

export function toMinorUnits(majorAmount: number, currency: Currency): number {
  return Math.round(majorAmount * 10 ** currencyExponents[currency]);
}

/**
 * An amount in major units as en-US writes it: thousands grouped with commas, the currency's
 * decimal places ("150,000", "1,500.00"). Intl.NumberFormat writes the same, but the first
 * formatter a page makes loads locale data, a long task the first screen should not wait for.
 */
export function formatMoney(amount: number, currency: Currency): string {
  const digits = currencyExponents[currency];
  const [whole = '', fraction] = Math.abs(toMajorUnits(amount, currency))
    .toFixed(digits)
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
