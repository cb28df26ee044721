import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getSubscriptions({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('listSubscriptions', { signal });
}

export function getSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions', 'list'],
    queryFn: ({ signal }) => getSubscriptions({ signal }),
  });
}

/** The customer's subscriptions, newest first (without their cycles: each is read on its own). */
export function useSubscriptions() {
  return useQuery(getSubscriptionsQueryOptions());
}
