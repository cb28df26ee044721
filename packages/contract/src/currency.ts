/** The currencies the store sells in. */
export const currencies = ['IDR', 'PHP', 'VND', 'THB', 'MYR', 'SGD', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/**
 * Decimal places of each currency's minor unit as the provider counts them (IDR has none in
 * practice, VND none at all). Amounts everywhere in the API are integers in that minor unit.
 */
export const currencyExponents = {
  IDR: 0,
  PHP: 2,
  VND: 0,
  THB: 2,
  MYR: 2,
  SGD: 2,
  USD: 2,
} as const satisfies Record<Currency, number>;

/**
 * How each market writes an amount, by the locale of its market in the provider's table
 * (packages/xendit/src/markets.ts): the thousands separator and the decimal mark. Indonesia and
 * Vietnam group with dots (id-ID "150.000", vi-VN "150.000"), the English-writing markets with
 * commas (en-PH "1,500.00"); USD is written as in the United States.
 */
export const numberFormats = {
  IDR: { locale: 'id-ID', group: '.', decimal: ',' },
  PHP: { locale: 'en-PH', group: ',', decimal: '.' },
  VND: { locale: 'vi-VN', group: '.', decimal: ',' },
  THB: { locale: 'en-TH', group: ',', decimal: '.' },
  MYR: { locale: 'en-MY', group: ',', decimal: '.' },
  SGD: { locale: 'en-SG', group: ',', decimal: '.' },
  USD: { locale: 'en-US', group: ',', decimal: '.' },
} as const satisfies Record<Currency, { locale: string; group: string; decimal: string }>;

export function toMajorUnits(amount: number, currency: Currency): number {
  return amount / 10 ** currencyExponents[currency];
}

/**
 * An amount in major units as minor units, or null when it is finer than the currency's minor
 * unit allows (a fraction of a dong, a third decimal of a peso): such an amount cannot be charged,
 * so it is refused rather than rounded.
 */
export function toMinorUnits(majorAmount: number, currency: Currency): number | null {
  const scaled = majorAmount * 10 ** currencyExponents[currency];
  const whole = Math.round(scaled);
  // Scaling by 10^n is not exact in binary (119.9 × 100 = 11990.000000000002): only a difference
  // beyond the float's own error is a real fraction of the minor unit.
  const floatError = Math.max(1e-9, Math.abs(scaled) * 8 * Number.EPSILON);
  return Math.abs(scaled - whole) > floatError ? null : whole;
}

/** Why an amount in minor units is not one, in words naming the currency; null when it is. */
export function minorUnitProblem(amount: number, currency: Currency): string | null {
  if (Number.isInteger(amount)) return null;
  return currencyExponents[currency] === 0
    ? `${currency} has no minor unit: the amount must be a whole number of ${currency}`
    : `the amount must be a whole number of ${currency} minor units (1/${10 ** currencyExponents[currency]} ${currency})`;
}

/**
 * An amount in major units as its market writes it: thousands grouped, the currency's decimal
 * places ("150.000" for IDR and VND, "1,500.00" for PHP). Intl.NumberFormat writes the same, but the
 * first formatter a page makes loads locale data, a long task the first screen should not wait for.
 */
export function formatMoney(amount: number, currency: Currency): string {
  const digits = currencyExponents[currency];
  const { group, decimal } = numberFormats[currency];
  const [whole = '', fraction] = Math.abs(toMajorUnits(amount, currency))
    .toFixed(digits)
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${amount < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}
