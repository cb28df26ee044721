import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('listPaymentMethods', { query: { with_config: 'true' }, signal });
}

/** Under the payment-methods key, so linking and unlinking refresh checkout's list too. */
export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods', 'list', { with_config: true }],
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
  });
}

/** /payment_methods: every method of the customer with its channel and provider operations. */
export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions());
}
