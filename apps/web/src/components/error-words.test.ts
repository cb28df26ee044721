import { describe, expect, it } from 'vitest';
import { customerWords } from './error-words';

describe('customer words for an error code', () => {
  it('says in words what a raw code means to a customer', () => {
    expect(customerWords('NOT_FOUND')).toMatch(/could not find this in your account/);
    expect(customerWords('APP_NOT_FOUND')).toBe(
      'There is no store with this App Id. Check it for a typing mistake.',
    );
    expect(customerWords('REFUND_IN_PROGRESS')).toMatch(/still being processed/);
    expect(customerWords('REFUND_NOT_SUPPORTED')).toMatch(/contact our support team/);
    expect(customerWords('PAYMENT_NOT_ACTIONABLE')).toMatch(/it has ended/);
    expect(customerWords('PAYMENT_METHOD_NOT_ACTIONABLE')).toMatch(/current status/);
  });

  it('says how long to wait when a limit frees up in more than a minute', () => {
    expect(customerWords('RATE_LIMIT_EXCEEDED', 30)).toBe(
      'Too many tries in a short time. Wait a minute, then try again.',
    );
    expect(customerWords('RATE_LIMIT_EXCEEDED', 2_400)).toBe(
      'Too many tries in a short time. Try again in about 40 minutes.',
    );
  });

  it('says "a moment" for a refusal of too many requests at once (Retry-After: 1)', () => {
    expect(customerWords('RATE_LIMIT_EXCEEDED', 1)).toBe(
      'Too many requests at once from your account or network. Wait a moment, then try again.',
    );
  });

  it('adds nothing for a code it has no words for', () => {
    expect(customerWords('SOMETHING_ELSE')).toBeNull();
  });
});
