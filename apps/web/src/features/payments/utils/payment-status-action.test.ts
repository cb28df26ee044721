import { describe, expect, it } from 'vitest';
import type {
  OrderLine,
  OrderLineStatus,
  PaymentAction,
  PaymentStatus,
} from '@store/contract/client';
import { continuePaymentTarget, isAbsoluteUrl, paymentStatusAction } from './payment-status-action';

const line = (status: OrderLineStatus) => ({ status }) as OrderLine;
const payment = (status: PaymentStatus, lines: OrderLineStatus[] = []) => ({
  status,
  orders: lines.map(line),
});

describe('paymentStatusAction', () => {
  it('offers Continue Payment (and Cancel) while action is required', () => {
    expect(paymentStatusAction(payment('REQUIRES_ACTION', ['PENDING']))).toEqual({
      kind: 'continue',
    });
  });

  it('offers Refund for a succeeded payment', () => {
    expect(paymentStatusAction(payment('SUCCEEDED', ['PAID']))).toEqual({
      kind: 'refund',
      label: 'Refund',
    });
  });

  it('still offers Refund while lines are left after a partial refund', () => {
    expect(
      paymentStatusAction(payment('REFUND_SUCCEEDED', ['REFUND_SUCCEEDED', 'PAID', 'PAID'])),
    ).toEqual({ kind: 'refund', label: 'Refund' });
  });

  it('offers the refund again once it failed', () => {
    expect(paymentStatusAction(payment('REFUND_FAILED', ['REFUND_FAILED']))).toEqual({
      kind: 'refund',
      label: 'Retry Refund',
    });
  });

  it.each([
    ['FAILED', 'Failed'],
    ['PENDING', 'Pending'],
    ['REFUND_PENDING', 'Refund Pending'],
    ['REFUND_SUCCEEDED', 'Refund Succeeded'],
  ] as const)('shows %s with nothing left to refund as a disabled %s button', (status, label) => {
    const lines: OrderLineStatus[] =
      status === 'REFUND_SUCCEEDED' ? ['REFUND_SUCCEEDED'] : ['REFUND_PENDING'];
    expect(paymentStatusAction(payment(status, lines))).toEqual({ kind: 'disabled', label });
  });

  it('shows nothing for a cancelled payment', () => {
    expect(paymentStatusAction(payment('CANCELLED', ['CANCELLED']))).toEqual({ kind: 'none' });
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
