import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const paymentsPageSize = 20;

export function getPayments({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}) {
  return callApi('listPayments', {
    query: { limit: paymentsPageSize, ...(cursor === undefined ? {} : { cursor }) },
    signal,
  });
}

export function getPaymentsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['payments', 'list'],
    queryFn: ({ pageParam, signal }) => getPayments({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** The customer's payments, newest first, a page at a time ("Load more"). */
export function usePayments() {
  return useInfiniteQuery(getPaymentsQueryOptions());
}
