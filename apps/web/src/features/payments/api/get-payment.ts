import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAwaitingProvider } from '@store/contract/client';
import { callApi } from '@/lib/api-client';

export function getPayment(paymentId: string, { signal }: { signal?: AbortSignal } = {}) {
  return callApi('getPayment', { params: { paymentId }, signal });
}

export function getPaymentQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: ['payments', 'detail', paymentId],
    queryFn: ({ signal }) => getPayment(paymentId, { signal }),
  });
}

export function usePayment(
  paymentId: string,
  { enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {},
) {
  return useQuery({
    ...getPaymentQueryOptions(paymentId),
    enabled: enabled && paymentId.length > 0,
    // Poll every 2 s while the outcome is still open; stop once it is settled.
    refetchInterval: poll
      ? (query) => (isAwaitingProvider(query.state.data) ? 2000 : false)
      : false,
  });
}
