import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { StatusEvent } from '@store/contract/client';
import { followStatusEvents } from '@/lib/status-events';

/**
 * Marks the queries under `queryKey` stale, and the screens showing them read them again. A
 * first read still under way may have begun before the change, and TanStack Query would hand its
 * answer on rather than read again (it restarts only reads of queries that have data): it is
 * dropped, so the read that follows begins after the change.
 */
async function readAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({
    queryKey,
    fetchStatus: 'fetching',
    predicate: (query) => query.state.data === undefined,
  });
  await queryClient.invalidateQueries({ queryKey });
}

/** Everything the feed keeps current, read again (on (re)connecting: changes missed are not replayed). */
export function readAllAgain(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    readAgain(queryClient, ['payments']),
    readAgain(queryClient, ['payment-methods']),
    readAgain(queryClient, ['subscriptions']),
  ]);
}

/** The queries one announced change concerns, read again. */
export function applyStatusEvent(queryClient: QueryClient, event: StatusEvent): Promise<unknown> {
  if (event.kind === 'subscription') {
    return Promise.all([
      readAgain(queryClient, ['subscriptions', 'list']),
      readAgain(queryClient, ['subscriptions', 'detail', event.id]),
    ]);
  }
  if (event.kind === 'payment_method') return readAgain(queryClient, ['payment-methods']);
  const paymentId = event.kind === 'payment' ? event.id : event.payment_id;
  return Promise.all([
    readAgain(queryClient, ['payments', 'list']),
    readAgain(queryClient, paymentId ? ['payments', 'detail', paymentId] : ['payments']),
  ]);
}

/**
 * Keeps every screen's payments, order lines, refunds, payment methods and subscriptions (with
 * their cycles) current without a reload: each change the server announces marks the matching
 * queries stale, and the screens showing them read them again. On (re)connecting, everything is
 * read again once.
 */
export function useLiveStatuses(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const stop = new AbortController();
    void followStatusEvents(
      (event) => void applyStatusEvent(queryClient, event),
      () => void readAllAgain(queryClient),
      stop.signal,
    );
    return () => stop.abort();
  }, [queryClient, signedIn]);
}
