import { describe, expect, it } from 'vitest';
import type { PaymentAction } from '@store/contract/client';
import { continuePaymentTarget, isAbsoluteUrl, paymentStatusAction } from './payment-status-action';

describe('paymentStatusAction', () => {
  it('offers Continue Payment (and Cancel) while action is required', () => {
    expect(paymentStatusAction('REQUIRES_ACTION')).toEqual({ kind: 'continue' });
  });

  it('offers Refund for a succeeded payment', () => {
    expect(paymentStatusAction('SUCCEEDED')).toEqual({ kind: 'refund' });
  });

  it.each([
    ['FAILED', 'Failed'],
    ['PENDING', 'Pending'],
    ['REFUND_PENDING', 'Refund Pending'],
    ['REFUND_SUCCEEDED', 'Refund Succeeded'],
    ['REFUND_FAILED', 'Refund Failed'],
  ] as const)('shows %s as a disabled %s button', (status, label) => {
    expect(paymentStatusAction(status)).toEqual({ kind: 'disabled', label });
  });

  it('shows nothing for a cancelled payment', () => {
    expect(paymentStatusAction('CANCELLED')).toEqual({ kind: 'none' });
  });
});

describe('continuePaymentTarget', () => {
  const action = (type: string, value: string | null): PaymentAction => ({
    type,
    descriptor: null,
    value,
    paymentCode: null,
  });

  it("prefers the REDIRECT_CUSTOMER action's value", () => {
    expect(
      continuePaymentTarget({
        actions: [action('OTHER', '/x'), action('REDIRECT_CUSTOMER', 'https://sim.test/p')],
      }),
    ).toBe('https://sim.test/p');
  });

  it('falls back to a store screen, or nothing', () => {
    expect(
      continuePaymentTarget({ actions: [action('VALIDATE_OTP', '/payments/new/p/otp')] }),
    ).toBe('/payments/new/p/otp');
    expect(continuePaymentTarget({ actions: [] })).toBeNull();
  });

  it('tells absolute URLs from store paths', () => {
    expect(isAbsoluteUrl('https://sim.test/p')).toBe(true);
    expect(isAbsoluteUrl('/payments/p1')).toBe(false);
  });
});
