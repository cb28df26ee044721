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

/** The queries one announced change concerns. */
function queriesOf(event: StatusEvent): QueryKey[] {
  if (event.kind === 'subscription') {
    return [
      ['subscriptions', 'list'],
      ['subscriptions', 'detail', event.id],
    ];
  }
  if (event.kind === 'payment_method') return [['payment-methods']];
  const paymentId = event.kind === 'payment' ? event.id : event.payment_id;
  return [['payments', 'list'], paymentId ? ['payments', 'detail', paymentId] : ['payments']];
}

/**
 * How long changes are gathered before their queries are read again. A payment's changes come in
 * bursts (the provider's answer, then its webhook, its lines, a refund's own events), and each
 * read again cancels the one before it: the store answered every one of those reads while the
 * customer saw only the last. Gathered, a burst costs one read of each screen.
 */
const statusBurstMs = 50;

/** Gathers announced changes for `statusBurstMs`, then reads each query they concern once. */
export function statusEventBursts(queryClient: QueryClient, burstMs = statusBurstMs) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const queryKeys = [...pending.values()];
    pending.clear();
    for (const queryKey of queryKeys) void readAgain(queryClient, queryKey);
  };
  return {
    add(event: StatusEvent): void {
      for (const queryKey of queriesOf(event)) pending.set(JSON.stringify(queryKey), queryKey);
      timer ??= setTimeout(flush, burstMs);
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/**
 * Keeps every screen's payments, order lines, refunds, payment methods and subscriptions (with
 * their cycles) current without a reload: each change the server announces marks the matching
 * queries stale, and the screens showing them read them again (a burst of changes, once). On
 * (re)connecting, everything is read again once.
 */
export function useLiveStatuses(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const stop = new AbortController();
    const bursts = statusEventBursts(queryClient);
    void followStatusEvents(
      (event) => bursts.add(event),
      () => void readAllAgain(queryClient),
      stop.signal,
    );
    return () => {
      stop.abort();
      bursts.stop();
    };
  }, [queryClient, signedIn]);
}
