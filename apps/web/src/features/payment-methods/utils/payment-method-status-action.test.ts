import { describe, expect, it } from 'vitest';
import { paymentMethodStatusAction } from './payment-method-status-action';

const base = { id: 'pm_1', actions: [] };

describe('paymentMethodStatusAction', () => {
  it('continues linking on the provider page of a REQUIRES_ACTION method', () => {
    expect(
      paymentMethodStatusAction({
        ...base,
        status: 'REQUIRES_ACTION',
        actions: [{ type: 'REDIRECT_CUSTOMER', value: 'https://sim/pages/link/x' }],
      }),
    ).toEqual({
      kind: 'continue',
      step: { kind: 'external', url: 'https://sim/pages/link/x' },
    });
  });

  it('continues linking on the OTP screen when the method waits for its OTP', () => {
    expect(
      paymentMethodStatusAction({
        ...base,
        status: 'REQUIRES_ACTION',
        actions: [{ type: 'API_POST_REQUEST', value: '/payment_methods/new/pm_1/otp' }],
      }),
    ).toEqual({
      kind: 'continue',
      step: { kind: 'internal', path: '/payment_methods/new/pm_1/otp' },
    });
  });

  it('has nowhere to continue without an action', () => {
    expect(paymentMethodStatusAction({ ...base, status: 'REQUIRES_ACTION' })).toEqual({
      kind: 'continue',
      step: null,
    });
  });

  it('unlinks an ACTIVE method', () => {
    expect(paymentMethodStatusAction({ ...base, status: 'ACTIVE' })).toEqual({ kind: 'unlink' });
  });

  it.each([
    ['PENDING', 'Pending'],
    ['FAILED', 'Failed'],
    ['CANCELED', 'CANCELED'],
    ['EXPIRED', 'Expired'],
  ] as const)('shows %s as a disabled %s', (status, label) => {
    expect(paymentMethodStatusAction({ ...base, status })).toEqual({ kind: 'disabled', label });
  });
});
