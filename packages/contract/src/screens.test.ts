import { describe, expect, it } from 'vitest';
import { paymentResultPath, screenPath, screenPaths } from './screens.ts';

describe('screen paths', () => {
  it('fills parameters, encoded, and adds a query', () => {
    expect(screenPath('paymentOtp', { paymentId: 'pay_1' })).toBe('/payments/new/pay_1/otp');
    expect(screenPath('refund', { paymentId: 'a/b' })).toBe('/payments/a%2Fb/refund');
    expect(screenPath('linkingSuccess', {}, { payment_method_id: 'pm_1' })).toBe(
      '/payment_methods/success?payment_method_id=pm_1',
    );
    expect(paymentResultPath(screenPaths.paymentFailure, 'pay 2')).toBe(
      '/payments/failure?payment_id=pay+2',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => screenPath('payment')).toThrow('payment needs paymentId');
  });
});
