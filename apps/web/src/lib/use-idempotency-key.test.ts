import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useIdempotencyKey } from './use-idempotency-key';

/** The hook as a page mounts it; a second mount is the same tab after a reload. */
const mount = (scope: string) => renderHook(() => useIdempotencyKey(scope)).result.current;

describe('useIdempotencyKey', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the key of an order across a reload of the page, until a success resets it', () => {
    const order = { orders: ['prod_mug'], channel: 'MANDIRI_VIRTUAL_ACCOUNT' };
    const first = mount('checkout').keyFor(order);
    const reloaded = mount('checkout');
    expect(reloaded.keyFor(order)).toBe(first);
    reloaded.reset();
    expect(mount('checkout').keyFor(order)).not.toBe(first);
  });

  it('is a new attempt after a reload a quarter of an hour later', () => {
    const order = { orders: ['prod_mug'], channel: 'MANDIRI_VIRTUAL_ACCOUNT' };
    const first = mount('checkout').keyFor(order);
    vi.useFakeTimers({ now: Date.now() + 15 * 60 * 1000 });
    expect(mount('checkout').keyFor(order)).not.toBe(first);
  });

  it('gives another order, or another kind of attempt, a key of its own', () => {
    const page = mount('checkout');
    const mug = page.keyFor({ orders: ['prod_mug'], channel: 'BCA_VIRTUAL_ACCOUNT' });
    expect(page.keyFor({ orders: ['prod_mug'], channel: 'BCA_VIRTUAL_ACCOUNT' })).toBe(mug);
    expect(page.keyFor({ orders: ['prod_mug'], channel: 'DANA' })).not.toBe(mug);
    expect(mount('subscribe').keyFor({ orders: ['prod_mug'], channel: 'DANA' })).not.toBe(
      mount('checkout').keyFor({ orders: ['prod_mug'], channel: 'DANA' }),
    );
  });
});
