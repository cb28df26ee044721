import { describe, expect, it } from 'vitest';
import { refundOutcome, refundPendingSearch } from './refund-outcome';

const line = (id: string, status: Parameters<typeof refundOutcome>[0][number]['status']) => ({
  id,
  status,
});

describe('refundOutcome', () => {
  it('is pending while a refunded line waits, whatever the other lines are', () => {
    expect(refundOutcome([line('a', 'REFUND_PENDING'), line('b', 'PAID')], ['a'])).toBe('pending');
  });

  it('has succeeded once every line of the refund has, not looking at the others', () => {
    expect(refundOutcome([line('a', 'REFUND_SUCCEEDED'), line('b', 'REFUND_FAILED')], ['a'])).toBe(
      'succeeded',
    );
  });

  it('has failed as soon as one line of the refund failed', () => {
    expect(
      refundOutcome([line('a', 'REFUND_FAILED'), line('b', 'REFUND_PENDING')], ['a', 'b']),
    ).toBe('failed');
  });

  it('without the refund lines, judges every line that was refunded', () => {
    expect(refundOutcome([line('a', 'REFUND_SUCCEEDED'), line('b', 'PAID')], [])).toBe('succeeded');
  });
});

describe('refundPendingSearch', () => {
  it('names the payment and the refunded lines', () => {
    expect(refundPendingSearch('pay_1', ['l1', 'l2'])).toBe('?payment_id=pay_1&orders=l1%2Cl2');
  });
});
