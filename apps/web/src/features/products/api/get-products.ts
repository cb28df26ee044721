import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getProducts({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('listProducts', { signal });
}

export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => getProducts({ signal }),
  });
}

export function useProducts() {
  return useQuery(getProductsQueryOptions());
}
