import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const subscriptionsPageSize = 20;

export function getSubscriptionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['subscriptions', 'list'],
    queryFn: ({ pageParam, signal }) =>
      callApi('listSubscriptions', {
        query: {
          limit: subscriptionsPageSize,
          ...(pageParam === undefined ? {} : { cursor: pageParam }),
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/**
 * The customer's subscriptions, newest first, a page at a time (without their cycles: each is
 * read on its own).
 */
export function useSubscriptions() {
  return useInfiniteQuery(getSubscriptionsQueryOptions());
}
