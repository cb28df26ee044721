import type { CardSession, Payment } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { follow, nextStepAfterCardPayment } from '@/lib/next-step';
import { useCompleteCardSession } from '../api/complete-card-session';
import type { CollectedCard } from '../utils/collect-card-data';

/**
 * Completes a card payment once the cards script made its payment request: the store checks it
 * against the session and answers the payment, and the browser goes on, to 3DS or a result.
 */
export function useCardCompletion({
  onPaid,
}: {
  /** The payment the card made; the browser goes on once what it returns has settled. */
  onPaid: (payment: Payment) => void | Promise<void>;
}) {
  const navigate = useNavigate();
  const complete = useCompleteCardSession();

  function onCollected(session: CardSession, collected: CollectedCard) {
    if (!collected.payment_request_id) {
      console.error('The cards-session script answered no payment request', collected);
      return;
    }
    complete.mutate(
      { sessionId: session.id, paymentRequestId: collected.payment_request_id },
      {
        onSuccess: async (payment) => {
          await onPaid(payment);
          follow(nextStepAfterCardPayment(payment, collected.action_url), navigate, {
            replace: true,
          });
        },
      },
    );
  }

  return { onCollected, complete };
}
