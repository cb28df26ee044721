import { describe, expect, it } from 'vitest';
import type { OrderLine, OrderLineStatus, PaymentStatus } from '@store/contract/client';
import { paymentStatusAction } from './payment-status-action';

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
      kind: 'status',
      disabledLabel: null,
      refundLabel: 'Refund',
    });
  });

  it('keeps the disabled Refund Succeeded and offers Refund while lines are left', () => {
    expect(
      paymentStatusAction(payment('REFUND_SUCCEEDED', ['REFUND_SUCCEEDED', 'PAID', 'PAID'])),
    ).toEqual({ kind: 'status', disabledLabel: 'Refund Succeeded', refundLabel: 'Refund' });
  });

  it('keeps the disabled Refund Failed and offers Try Refund Again', () => {
    expect(paymentStatusAction(payment('REFUND_FAILED', ['REFUND_FAILED']))).toEqual({
      kind: 'status',
      disabledLabel: 'Refund Failed',
      refundLabel: 'Try Refund Again',
    });
  });

  it.each([
    ['FAILED', 'Failed', ['FAILED']],
    ['PENDING', 'Pending', ['PENDING']],
    ['REFUND_PENDING', 'Refund Pending', ['REFUND_PENDING']],
    ['REFUND_SUCCEEDED', 'Refund Succeeded', ['REFUND_SUCCEEDED']],
    ['REFUND_FAILED', 'Refund Failed', ['REFUND_SUCCEEDED']],
  ] as const)(
    'shows %s with nothing to refund now as a disabled %s button alone',
    (status, label, lines) => {
      expect(paymentStatusAction(payment(status, [...lines]))).toEqual({
        kind: 'status',
        disabledLabel: label,
        refundLabel: null,
      });
    },
  );

  it('shows nothing for a cancelled payment', () => {
    expect(paymentStatusAction(payment('CANCELLED', ['CANCELLED']))).toEqual({ kind: 'none' });
  });
});
