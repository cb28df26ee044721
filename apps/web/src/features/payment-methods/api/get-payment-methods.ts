import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const paymentMethodsPageSize = 20;

/**
 * The most saved methods checkout offers: the newest that can pay, in one read (the API's
 * largest page). Every method, however many, stays on /payment_methods, a page at a time.
 */
export const checkoutMethodsLimit = 100;

/** The list of /payment_methods, under the payment-methods key so linking refreshes it. */
export const paymentMethodsKey = ['payment-methods', 'list', { with_config: true }] as const;

/** Checkout's saved methods; also under the payment-methods key. */
export const activePaymentMethodsKey = ['payment-methods', 'list', { status: 'ACTIVE' }] as const;

/** /payment_methods: the customer's methods with their channel and operations, page by page. */
export function usePaymentMethods() {
  return useInfiniteQuery({
    queryKey: paymentMethodsKey,
    queryFn: ({ pageParam, signal }) =>
      callApi('listPaymentMethods', {
        query: {
          with_config: 'true',
          limit: paymentMethodsPageSize,
          ...(pageParam === undefined ? {} : { cursor: pageParam }),
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** The customer's ACTIVE methods, for paying with one at checkout (specification section 5). */
export function useActivePaymentMethods() {
  return useQuery({
    queryKey: activePaymentMethodsKey,
    queryFn: ({ signal }) =>
      callApi('listPaymentMethods', {
        query: { status: 'ACTIVE', limit: checkoutMethodsLimit },
        signal,
      }),
    select: (data) => data.payment_methods,
  });
}
