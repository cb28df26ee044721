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
