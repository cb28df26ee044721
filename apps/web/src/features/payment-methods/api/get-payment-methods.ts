import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /payment_methods, declared once: with each method's channel and exchanges, or without. */
export function getPaymentMethods({
  withConfig,
  signal,
}: {
  withConfig: boolean;
  signal?: AbortSignal;
}) {
  return callApi('listPaymentMethods', {
    query: withConfig ? { with_config: 'true' } : {},
    signal,
  });
}

/** Under the payment-methods key, so linking and unlinking refresh checkout's list too. */
export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods', 'list', { with_config: true }],
    queryFn: ({ signal }) => getPaymentMethods({ withConfig: true, signal }),
  });
}

/** /payment_methods: every method of the customer with its channel and provider operations. */
export function usePaymentMethods() {
  return useQuery(getPaymentMethodsQueryOptions());
}

/** The customer's ACTIVE methods, for paying with one at checkout (specification section 5). */
export function useActivePaymentMethods() {
  return useQuery({
    queryKey: ['payment-methods', 'list'],
    queryFn: ({ signal }) => getPaymentMethods({ withConfig: false, signal }),
    select: (data) => data.payment_methods.filter((method) => method.status === 'ACTIVE'),
  });
}
