import { isMethodAwaitingProvider } from '@store/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getPaymentMethod(
  paymentMethodId: string,
  { signal }: { signal?: AbortSignal } = {},
) {
  return callApi('getPaymentMethod', { params: { paymentMethodId }, signal });
}

export function getPaymentMethodQueryOptions(paymentMethodId: string) {
  return queryOptions({
    queryKey: ['payment-methods', 'detail', paymentMethodId],
    queryFn: ({ signal }) => getPaymentMethod(paymentMethodId, { signal }),
  });
}

export function usePaymentMethod(
  paymentMethodId: string,
  { enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {},
) {
  return useQuery({
    ...getPaymentMethodQueryOptions(paymentMethodId),
    enabled: enabled && paymentMethodId.length > 0,
    // Poll every 2 s while the provider has still to settle the method; stop once it has.
    refetchInterval: poll
      ? (query) => (isMethodAwaitingProvider(query.state.data?.status) ? 2000 : false)
      : false,
  });
}
