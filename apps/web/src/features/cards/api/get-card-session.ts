import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getCardSession({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('getCardSession', { signal });
}

/** The specification's single cache entry of the card session; never retried. */
export const cardSessionQueryKey = ['cards', 'session'] as const;

export function getCardSessionQueryOptions() {
  return queryOptions({
    queryKey: cardSessionQueryKey,
    queryFn: ({ signal }) => getCardSession({ signal }),
    retry: false,
  });
}

export function useCardSessionQuery() {
  return useQuery(getCardSessionQueryOptions());
}
