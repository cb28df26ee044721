import { describe, expect, it } from 'vitest';
import { errorCodes, FAILING_AMOUNTS, RECURRING_FAILING_AMOUNTS } from '@store/xendit';
import { describeFailure } from './failure-reasons.ts';

const general = 'The payment provider did not accept the payment.';

describe('failure reasons in words', () => {
  it('says why for the provider failure codes', () => {
    expect(describeFailure('INSUFFICIENT_BALANCE')).toBe(
      'There was not enough money in the account or wallet.',
    );
    expect(describeFailure('CHANNEL_UNAVAILABLE')).toBe(
      'This payment method is not available right now.',
    );
    expect(describeFailure('ACCOUNT_ACCESS_BLOCKED')).toBe(
      'The account or wallet is blocked and cannot pay.',
    );
  });

  it('has a sentence of its own for every code the provider can answer or fail a payment with', () => {
    const codes = [
      ...Object.values(FAILING_AMOUNTS),
      ...Object.values(RECURRING_FAILING_AMOUNTS),
      ...errorCodes,
      // Failure codes of payments that end later (webhooks, hosted pages, expiry).
      'USER_DECLINED_PAYMENT',
      'AUTHENTICATION_FAILED',
      'OTP_ATTEMPT_COUNTS_EXCEEDED',
      'PAYMENT_REQUEST_EXPIRED',
      // The provider client's own, when no answer came.
      'TIMEOUT',
      'NETWORK_ERROR',
      'INVALID_RESPONSE',
    ];
    const unexplained = codes.filter((code) => describeFailure(code) === general);
    expect(unexplained).toEqual([]);
  });

  it("words the store's own refusals as the store's, never as the provider's", () => {
    expect(describeFailure('VOUCHER_NOT_APPLICABLE')).toMatch(/^The store did not accept/);
    expect(describeFailure('SOMETHING_THE_STORE_SAYS', { byStore: true })).toBe(
      'The store did not accept the payment.',
    );
  });

  it('falls back to a general sentence for a code it does not know, or none', () => {
    expect(describeFailure('SOMETHING_NEW')).toBe(general);
    expect(describeFailure(null)).toBe(general);
  });
});
