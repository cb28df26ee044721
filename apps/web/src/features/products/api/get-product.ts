import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getProduct({ productId, signal }: { productId: string; signal?: AbortSignal }) {
  return callApi('getProduct', { params: { productId }, signal });
}

export function getProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['products', productId],
    queryFn: ({ signal }) => getProduct({ productId, signal }),
  });
}

export function useProduct(productId: string) {
  return useQuery(getProductQueryOptions(productId));
}
