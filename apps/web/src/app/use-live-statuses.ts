import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { followStatusEvents } from '@/lib/status-events';

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
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    };
    void followStatusEvents(
      (event) => {
        if (event.kind === 'subscription') {
          void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'list'] });
          void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'detail', event.id] });
          return;
        }
        if (event.kind === 'payment_method') {
          void queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
          return;
        }
        const paymentId = event.kind === 'payment' ? event.id : event.payment_id;
        void queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
        void queryClient.invalidateQueries({
          queryKey: paymentId ? ['payments', 'detail', paymentId] : ['payments'],
        });
      },
      refreshAll,
      stop.signal,
    );
    return () => stop.abort();
  }, [queryClient, signedIn]);
}
