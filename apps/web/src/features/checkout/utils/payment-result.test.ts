import { describe, expect, it } from 'vitest';
import type { PaymentAction } from '@store/contract/client';
import { paymentResultDestination } from './payment-result';

const action = (type: string, value: string | null): PaymentAction => ({
  type,
  descriptor: null,
  value,
  paymentCode: null,
});

describe('the payment result after creation', () => {
  it("sends the browser to an absolute first action's URL", () => {
    expect(
      paymentResultDestination({
        id: 'pay_1',
        status: 'REQUIRES_ACTION',
        actions: [
          action('REDIRECT_CUSTOMER', 'https://sim.test/pay/pr-1'),
          action('X', '/payments/p1'),
        ],
      }),
    ).toEqual({ kind: 'external', url: 'https://sim.test/pay/pr-1' });
  });

  it("navigates within the store to a relative first action's value", () => {
    expect(
      paymentResultDestination({
        id: 'pay_1',
        status: 'REQUIRES_ACTION',
        actions: [action('PRESENT_TO_CUSTOMER', '/payments/p1')],
      }),
    ).toEqual({ kind: 'internal', path: '/payments/p1' });
    expect(
      paymentResultDestination({
        id: 'pay_1',
        status: 'PENDING',
        actions: [action('VALIDATE_OTP', '/payments/new/p1/otp')],
      }),
    ).toEqual({ kind: 'internal', path: '/payments/new/p1/otp' });
  });

  it('without actions goes by status, to a result page that names the payment', () => {
    expect(paymentResultDestination({ id: 'pay_1', status: 'SUCCEEDED', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/success?payment_id=pay_1',
    });
    expect(paymentResultDestination({ id: 'pay_1', status: 'FAILED', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/failure?payment_id=pay_1',
    });
    expect(paymentResultDestination({ id: 'pay_1', status: 'PENDING', actions: [] })).toEqual({
      kind: 'internal',
      path: '/payments/pending?payment_id=pay_1',
    });
    expect(
      paymentResultDestination({ id: 'pay_1', status: 'REQUIRES_ACTION', actions: [] }),
    ).toEqual({
      kind: 'internal',
      path: '/payments/pending?payment_id=pay_1',
    });
  });

  it('ignores actions without a value', () => {
    expect(
      paymentResultDestination({
        id: 'pay_1',
        status: 'SUCCEEDED',
        actions: [action('NOTHING', null)],
      }),
    ).toEqual({ kind: 'internal', path: '/payments/success?payment_id=pay_1' });
  });
});
