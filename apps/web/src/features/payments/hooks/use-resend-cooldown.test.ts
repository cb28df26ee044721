import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { secondsUntil, useResendCooldown } from './use-resend-cooldown';

describe('useResendCooldown', () => {
  beforeEach(() => sessionStorage.clear());

  it('waits from the code sent with the payment, then not at all', () => {
    const now = Date.now();
    expect(
      renderHook(() => useResendCooldown('pay_1', now - 10_000, 30)).result.current.secondsLeft,
    ).toBe(20);
    expect(
      renderHook(() => useResendCooldown('pay_1', now - 60_000, 30)).result.current.secondsLeft,
    ).toBe(0);
  });

  it('keeps a wait the server asked for, so the screen opened again still knows it', () => {
    const first = renderHook(() => useResendCooldown('pay_2', null, 30));
    act(() => first.result.current.waitFor(597));
    expect(first.result.current.secondsLeft).toBe(597);
    first.unmount();
    const again = renderHook(() => useResendCooldown('pay_2', null, 30));
    expect(again.result.current.secondsLeft).toBeGreaterThan(590);
    expect(renderHook(() => useResendCooldown('pay_3', null, 30)).result.current.secondsLeft).toBe(
      0,
    );
  });
});

describe('secondsUntil', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(9_000, 10_000)).toBe(0);
    expect(secondsUntil(null, 10_000)).toBe(0);
  });
});
