import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never retries answers in the 4xx range or calls that could not be made', () => {
    expect(shouldRetry(0, new ApiError('NOT_FOUND', 'No such product', { status: 404 }))).toBe(
      false,
    );
    expect(shouldRetry(0, new ApiError('NO_TOKEN', 'No token found'))).toBe(false);
  });

  it('retries server errors and network failures twice', () => {
    const outage = new ApiError('INTERNAL_ERROR', 'Down', { status: 503 });
    expect(shouldRetry(0, outage)).toBe(true);
    expect(shouldRetry(1, outage)).toBe(true);
    expect(shouldRetry(2, outage)).toBe(false);
    expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 'Offline'))).toBe(true);
  });
});
