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

export function usePaymentMethod(paymentMethodId: string, { enabled = true } = {}) {
  return useQuery({
    ...getPaymentMethodQueryOptions(paymentMethodId),
    enabled: enabled && paymentMethodId.length > 0,
  });
}
