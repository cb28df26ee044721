import { Loader, Stack } from '@mantine/core';
import type { CardSession, Channel, Currency, Voucher } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useCompleteCardSession } from '@/features/cards/api/complete-card-session';
import { createCardPayment } from '@/features/cards/api/create-card-payment';
import { CardForm } from '@/features/cards/components/card-form';
import { useCardSession } from '@/features/cards/hooks/use-card-session';
import type { CollectedCard } from '@/features/cards/utils/collect-card-data';
import type { CartLine } from '@/features/cart/stores/cart-store';
import { follow, nextStepAfterPayment } from '@/lib/next-step';

/**
 * The type each session was made for in this page: a session says PAY either way, and one made
 * without Save Payment Method? cannot keep the card.
 */
const sessionTypes = new Map<string, 'PAY' | 'PAY_AND_SAVE'>();

export interface CheckoutCardPaymentProps {
  channel: Channel;
  lines: readonly CartLine[];
  currency: Currency;
  voucher: Voucher | null;
  /** What the cart costs now; a session for another amount is an older cart's. */
  total: number;
  save: boolean;
  onPaid: () => void;
}

/** The card channel at checkout: the card session, the card form, and completing the payment. */
export function CheckoutCardPayment({
  channel,
  lines,
  currency,
  voucher,
  total,
  save,
  onPaid,
}: CheckoutCardPaymentProps) {
  const navigate = useNavigate();
  const type = save ? 'PAY_AND_SAVE' : 'PAY';
  const cardSession = useCardSession({
    accepts: (session: CardSession) =>
      session.type === 'PAY' &&
      session.amount === total &&
      session.currency === currency &&
      (sessionTypes.get(session.id) ?? 'PAY') === type,
    create: async () => {
      const first = lines[0];
      const session = await createCardPayment({
        orders: lines.map((line) => ({
          product_id: line.product_id,
          quantity: line.quantity,
          price: line.price,
          currency: line.currency,
        })),
        ...(voucher ? { voucher_id: voucher.id } : {}),
        country: channel.country,
        currency: first?.currency ?? currency,
        type,
      });
      sessionTypes.set(session.id, type);
      return session;
    },
  });
  const complete = useCompleteCardSession();

  function onCollected(session: CardSession, collected: CollectedCard) {
    if (!collected.payment_request_id) {
      console.error('The cards-session script answered no payment request', collected);
      return;
    }
    complete.mutate(
      { sessionId: session.id, paymentRequestId: collected.payment_request_id },
      {
        onSuccess: (payment) => {
          cardSession.forget();
          onPaid();
          // The payment's own action (3DS) wins; the script's action_url stands in without one.
          follow(
            payment.actions.length === 0 &&
              payment.status === 'REQUIRES_ACTION' &&
              collected.action_url
              ? { kind: 'external', url: collected.action_url }
              : nextStepAfterPayment(payment),
            navigate,
          );
        },
      },
    );
  }

  return (
    <Stack gap="xs">
      {cardSession.error !== null && <ErrorPanel error={cardSession.error} />}
      {cardSession.isPending && <Loader size="sm" aria-label="Preparing the card form" />}
      <CardForm
        session={cardSession.session}
        saveCardPaymentToken={save}
        submitLabel="Pay"
        busy={complete.isPending}
        onCollected={onCollected}
      />
      {complete.isError && <ErrorPanel error={complete.error} onClose={complete.reset} />}
    </Stack>
  );
}
