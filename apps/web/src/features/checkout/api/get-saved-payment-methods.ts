import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export function getSavedPaymentMethods({ signal }: { signal?: AbortSignal } = {}) {
  return callApi('listPaymentMethods', { query: {}, signal });
}

export function getSavedPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods', 'list'],
    queryFn: ({ signal }) => getSavedPaymentMethods({ signal }),
    // Checkout offers only methods it can pay with (specification section 5).
    select: (data) => data.payment_methods.filter((method) => method.status === 'ACTIVE'),
  });
}

/** The customer's ACTIVE saved payment methods, for paying with one at checkout. */
export function useSavedPaymentMethods() {
  return useQuery(getSavedPaymentMethodsQueryOptions());
}
