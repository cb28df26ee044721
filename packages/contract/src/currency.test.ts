import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencies,
  currencyExponents,
  formatMoney,
  minorUnitProblem,
  numberFormats,
  toMajorUnits,
  toMinorUnits,
} from './currency.ts';

describe('formatMoney', () => {
  it("writes what Intl.NumberFormat writes in each currency's market locale", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 1e15 })),
        (currency, amount) => {
          const digits = currencyExponents[currency];
          const intl = new Intl.NumberFormat(numberFormats[currency].locale, {
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
    expect(formatMoney(150000, 'IDR')).toBe('150.000');
    expect(formatMoney(150000, 'PHP')).toBe('1,500.00');
    expect(formatMoney(5, 'USD')).toBe('0.05');
    expect(formatMoney(0, 'IDR')).toBe('0');
  });

  it("groups by each market's locale: dots in Indonesia and Vietnam, commas in the Philippines", () => {
    expect(numberFormats.IDR.locale).toBe('id-ID');
    expect(numberFormats.PHP.locale).toBe('en-PH');
    expect(formatMoney(1_234_567_890, 'IDR')).toBe('1.234.567.890');
    expect(formatMoney(123_456_789, 'PHP')).toBe('1,234,567.89');
    expect(formatMoney(-10_000, 'IDR')).toBe('-10.000');
  });

  it('writes every market in its own form', () => {
    expect(formatMoney(12_500_000, 'IDR')).toBe('12.500.000');
    expect(formatMoney(149_000, 'PHP')).toBe('1,490.00');
    expect(formatMoney(11_990, 'MYR')).toBe('119.90');
    expect(formatMoney(199_000, 'THB')).toBe('1,990.00');
    expect(formatMoney(1_369_000, 'VND')).toBe('1.369.000');
    expect(formatMoney(9_490, 'SGD')).toBe('94.90');
    expect(formatMoney(1, 'SGD')).toBe('0.01');
  });
});

describe('minor units', () => {
  it('converts major to minor units by the currency: VND and IDR whole, the others cents', () => {
    expect(toMinorUnits(1_369_000, 'VND')).toBe(1_369_000);
    expect(toMinorUnits(119.9, 'MYR')).toBe(11_990);
    expect(toMinorUnits(0.01, 'SGD')).toBe(1);
    expect(toMinorUnits(19.99, 'THB')).toBe(1_999);
    expect(toMajorUnits(11_990, 'MYR')).toBe(119.9);
    expect(toMajorUnits(1_369_000, 'VND')).toBe(1_369_000);
  });

  it('refuses an amount finer than the minor unit instead of rounding it', () => {
    expect(toMinorUnits(150_000.5, 'VND')).toBeNull();
    expect(toMinorUnits(1.005, 'PHP')).toBeNull();
    expect(toMinorUnits(10.5, 'IDR')).toBeNull();
  });

  it('round-trips every whole amount of minor units', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.integer({ min: 0, max: 1e12 }),
        (currency, amount) => {
          expect(toMinorUnits(toMajorUnits(amount, currency), currency)).toBe(amount);
        },
      ),
    );
  });

  it('says why a fractional amount of minor units is not one', () => {
    expect(minorUnitProblem(150_000.5, 'VND')).toBe(
      'VND has no minor unit: the amount must be a whole number of VND',
    );
    expect(minorUnitProblem(1_990.5, 'THB')).toBe(
      'the amount must be a whole number of THB minor units (1/100 THB)',
    );
    expect(minorUnitProblem(150_000, 'VND')).toBeNull();
  });
});
