import { describe, expect, it } from 'vitest';
import { describeFailure } from './failure-reasons.ts';

describe('failure reasons in words', () => {
  it('says why for the provider failure codes', () => {
    expect(describeFailure('INSUFFICIENT_BALANCE')).toBe(
      'There was not enough money in the account or wallet.',
    );
    expect(describeFailure('CHANNEL_UNAVAILABLE')).toBe(
      'This payment method is not available right now.',
    );
  });

  it('falls back to a general sentence for a code it does not know, or none', () => {
    const general = 'The payment provider did not accept the payment.';
    expect(describeFailure('SOMETHING_NEW')).toBe(general);
    expect(describeFailure(null)).toBe(general);
  });
});
