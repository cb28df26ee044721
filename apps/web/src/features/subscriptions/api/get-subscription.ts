import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getSubscription(subscriptionId: string, { signal }: { signal?: AbortSignal } = {}) {
  return callApi('getSubscription', { params: { subscriptionId }, signal });
}

export function getSubscriptionQueryOptions(subscriptionId: string) {
  return queryOptions({
    queryKey: ['subscriptions', 'detail', subscriptionId],
    queryFn: ({ signal }) => getSubscription(subscriptionId, { signal }),
  });
}

/** One subscription with its cycles and provider operations; kept current by the live feed. */
export function useSubscription(subscriptionId: string, { enabled = true } = {}) {
  return useQuery({
    ...getSubscriptionQueryOptions(subscriptionId),
    enabled: enabled && subscriptionId.length > 0,
  });
}
