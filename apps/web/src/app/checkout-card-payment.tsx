import { Loader, Stack } from '@mantine/core';
import type { CardSession, Channel, Currency, Voucher } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { createCardPayment } from '@/features/cards/api/create-card-payment';
import { CardForm } from '@/features/cards/components/card-form';
import { useCardSession } from '@/features/cards/hooks/use-card-session';
import { useCardCompletion } from '@/features/cards/hooks/use-card-completion';
import type { CartLine } from '@/features/cart/stores/cart-store';
import { orderLinesOf } from '@/features/cart/utils/order-lines';

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
        orders: orderLinesOf(lines),
        ...(voucher ? { voucher_id: voucher.id } : {}),
        country: channel.country,
        currency: first?.currency ?? currency,
        type,
      });
      sessionTypes.set(session.id, type);
      return session;
    },
  });
  const { onCollected, complete } = useCardCompletion({
    onPaid: () => {
      cardSession.forget();
      onPaid();
    },
  });

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
