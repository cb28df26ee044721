import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDeadline,
  formatInterval,
  formatPerCycle,
  formatPrice,
} from './format';

describe('formatDateTime', () => {
  it('shows Month D, YYYY, h:mm:ss AM/PM', () => {
    expect(formatDateTime('2026-11-23T04:05:09Z', 'UTC')).toBe('November 23, 2026, 4:05:09 AM');
  });

  it('uses a 12-hour clock with PM and no leading zero on the day', () => {
    expect(formatDateTime('2026-01-05T16:30:00Z', 'UTC')).toBe('January 5, 2026, 4:30:00 PM');
  });

  it('reads epoch milliseconds and Date values alike', () => {
    const moment = Date.UTC(2026, 10, 23, 12, 0, 1);
    expect(formatDateTime(moment, 'UTC')).toBe('November 23, 2026, 12:00:01 PM');
    expect(formatDateTime(new Date(moment), 'UTC')).toBe('November 23, 2026, 12:00:01 PM');
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatPrice', () => {
  it('puts the currency code before the amount', () => {
    expect(formatPrice({ amount: 150000, currency: 'IDR' })).toBe('IDR 150.000');
  });
});

describe('formatDeadline', () => {
  it('names the time zone after the moment', () => {
    expect(formatDeadline('2026-11-23T04:05:09Z', 'UTC')).toBe('November 23, 2026, 4:05:09 AM UTC');
    expect(formatDeadline('2026-11-23T04:05:09Z', 'Asia/Jakarta')).toBe(
      'November 23, 2026, 11:05:09 AM GMT+7',
    );
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDeadline('not a date')).toBe('not a date');
  });
});

describe('formatInterval', () => {
  it('says one interval without a number and several with one', () => {
    expect(formatInterval('MONTH', 1)).toBe('every month');
    expect(formatInterval('WEEK', 2)).toBe('every 2 weeks');
    expect(formatInterval('DAY', 30)).toBe('every 30 days');
  });
});

describe('formatPerCycle', () => {
  it('puts the price before how often it is charged', () => {
    expect(formatPerCycle({ amount: 99000, currency: 'IDR' }, 'MONTH', 1)).toBe(
      'IDR 99.000 every month',
    );
    expect(formatPerCycle({ amount: 49900, currency: 'PHP' }, 'WEEK', 2)).toBe(
      'PHP 499.00 every 2 weeks',
    );
  });
});
