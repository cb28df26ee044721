import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

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

describe('the end of a session', () => {
  it('is handled once, by the cache, for any query or mutation told the session is over', async () => {
    const onSessionEnd = vi.fn();
    const client = createQueryClient({ onSessionEnd });
    const expired = new ApiError('TOKEN_EXPIRED_ERROR', 'Expired', { status: 401 });
    await client
      .fetchQuery({ queryKey: ['payments'], queryFn: () => Promise.reject(expired), retry: false })
      .catch(() => undefined);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(onSessionEnd).toHaveBeenLastCalledWith('TOKEN_EXPIRED_ERROR');
    const gone = new ApiError('CUSTOMER_NOT_FOUND', 'Gone', { status: 401 });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(gone) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onSessionEnd).toHaveBeenCalledTimes(2);
    expect(onSessionEnd).toHaveBeenLastCalledWith('CUSTOMER_NOT_FOUND');
    const unverifiable = new ApiError('UNAUTHORIZED', 'The session token is not valid', {
      status: 401,
    });
    await client
      .fetchQuery({
        queryKey: ['subscriptions'],
        queryFn: () => Promise.reject(unverifiable),
        retry: false,
      })
      .catch(() => undefined);
    expect(onSessionEnd).toHaveBeenCalledTimes(3);
    expect(onSessionEnd).toHaveBeenLastCalledWith('UNAUTHORIZED');
    const other = new ApiError('NOT_FOUND', 'No such payment', { status: 404 });
    await client
      .fetchQuery({ queryKey: ['payment'], queryFn: () => Promise.reject(other), retry: false })
      .catch(() => undefined);
    // The provider's own code for a customer it does not hold, passed on with its 404.
    const providers = new ApiError('CUSTOMER_NOT_FOUND', 'customer_id is invalid', { status: 404 });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(providers) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onSessionEnd).toHaveBeenCalledTimes(3);
  });
});
