import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payment } from '@store/contract/client';
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

/** Statuses that may still change by themselves (webhook, provider), so a screen keeps asking. */
export function isAwaitingOutcome(payment: Pick<Payment, 'status'> | undefined): boolean {
  return payment?.status === 'REQUIRES_ACTION' || payment?.status === 'PENDING';
}

export function usePayment(
  paymentId: string,
  { enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {},
) {
  return useQuery({
    ...getPaymentQueryOptions(paymentId),
    enabled: enabled && paymentId.length > 0,
    // Poll every 2 s while the outcome is still open; stop once it is settled.
    refetchInterval: poll ? (query) => (isAwaitingOutcome(query.state.data) ? 2000 : false) : false,
  });
}
