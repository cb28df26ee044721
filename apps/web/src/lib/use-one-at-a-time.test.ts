import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useOneAtATime } from './use-one-at-a-time';

describe('one submission at a time', () => {
  it('drops a second press while the first runs, and takes the next once it is done', () => {
    const { result } = renderHook(() => useOneAtATime());
    const oneAtATime = result.current;
    const started: Array<() => void> = [];
    const start = vi.fn((done: () => void) => started.push(done));

    oneAtATime(start);
    oneAtATime(start);
    expect(start).toHaveBeenCalledTimes(1);

    started[0]?.();
    oneAtATime(start);
    expect(start).toHaveBeenCalledTimes(2);
  });
});
