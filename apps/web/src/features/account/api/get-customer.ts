import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getCustomer({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('getCurrentCustomer', { signal });
}

export function getCustomerQueryOptions() {
  return queryOptions({
    queryKey: ['customers', 'me'],
    queryFn: ({ signal }) => getCustomer({ signal }),
  });
}

export function useCustomer() {
  return useQuery(getCustomerQueryOptions());
}
