import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencies, currencyExponents, formatMoney } from './currency.ts';

describe('formatMoney', () => {
  it('writes what Intl.NumberFormat writes for en-US', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 1e15 })),
        (currency, amount) => {
          const digits = currencyExponents[currency];
          const intl = new Intl.NumberFormat('en-US', {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          });
          expect(formatMoney(amount, currency)).toBe(intl.format(amount / 10 ** digits));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('groups thousands and keeps the minor unit', () => {
    expect(formatMoney(150000, 'IDR')).toBe('150,000');
    expect(formatMoney(150000, 'PHP')).toBe('1,500.00');
    expect(formatMoney(5, 'USD')).toBe('0.05');
    expect(formatMoney(0, 'IDR')).toBe('0');
  });
});
