import { useEffect, useEffectEvent, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import type { CardSession, CreateCardPaymentRequest, Payment } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { createCardPayment } from '../api/create-card-payment';
import { useCardCompletion } from '../hooks/use-card-completion';
import { useCardSession } from '../hooks/use-card-session';
import { CardForm } from './card-form';

/**
 * The request each session was made for in this page. Two orders can cost the same, and a session
 * says PAY whether or not it may keep the card, so only the whole request tells them apart. A
 * session this page did not make is asked for again: the store hands back the open session of
 * the same order, and cancels any other.
 */
const sessionRequests = new Map<string, string>();

export interface CardPaymentProps {
  /** The order, voucher and save choice the card pays for (POST /payments/cards). */
  request: CreateCardPaymentRequest;
  /** The payment the card made; the browser goes on once what it returns has settled. */
  onPaid: (payment: Payment) => void | Promise<void>;
  /**
   * Whether the card's payment is being made now, collected by the provider's script or completed
   * by the store (the checkout's other ways to pay then wait).
   */
  onCompletingChange?: (completing: boolean) => void;
}

/** Paying by card: the card session for the order, the card form, and completing the payment. */
export function CardPayment(props: CardPaymentProps) {
  const requestKey = JSON.stringify(props.request);
  // Another order is another form: it makes its own session, once.
  return <CardPaymentForm key={requestKey} {...props} />;
}

function CardPaymentForm({ request, onPaid, onCompletingChange }: CardPaymentProps) {
  const requestKey = JSON.stringify(request);
  const cardSession = useCardSession({
    accepts: (session: CardSession) =>
      session.type === 'PAY' && sessionRequests.get(session.id) === requestKey,
    create: async () => {
      const session = await createCardPayment(request);
      sessionRequests.set(session.id, requestKey);
      return session;
    },
  });
  const { onCollected, complete } = useCardCompletion({
    onPaid: (payment) => {
      cardSession.forget();
      return onPaid(payment);
    },
  });
  // While the provider's script collects the card (a PAY session's payment is made there) and
  // while the store completes it, another way to pay chosen would pay the same order twice.
  const [collecting, setCollecting] = useState(false);
  const completing = collecting || complete.isPending;
  const tellCompleting = useEffectEvent((now: boolean) => onCompletingChange?.(now));
  useEffect(() => {
    tellCompleting(completing);
    return () => tellCompleting(false);
  }, [completing]);

  return (
    <Stack gap="xs">
      {cardSession.error !== null && <ErrorPanel error={cardSession.error} />}
      {cardSession.isPending && (
        <Loader size="sm" role="status" aria-label="Preparing the card form" />
      )}
      <CardForm
        session={cardSession.session}
        saveCardPaymentToken={request.type === 'PAY_AND_SAVE'}
        submitLabel="Pay"
        busy={complete.isPending}
        onCollected={onCollected}
        onCollectingChange={setCollecting}
      />
      {complete.isError && <ErrorPanel error={complete.error} onClose={complete.reset} />}
    </Stack>
  );
}
