import { Loader, Stack } from '@mantine/core';
import type { CardSession, Channel } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useCompleteCardSaveSession } from '@/features/cards/api/complete-card-session';
import { getCardSession } from '@/features/cards/api/get-card-session';
import { CardForm } from '@/features/cards/components/card-form';
import { useCardSession } from '@/features/cards/hooks/use-card-session';
import type { CollectedCard } from '@/features/cards/utils/collect-card-data';
import { createPaymentMethod } from '@/features/payment-methods/api/payment-method-mutations';
import { linkRequestOf } from '@/features/payment-methods/utils/link-request';
import { follow, nextStepAfterCardLink } from '@/lib/next-step';

/**
 * Linking a card: POST /payment_methods with the card channel makes the method and a SAVE card
 * session (its CARDS_SESSION_JS action); the card form tokenizes the card with the provider's
 * script and complete_save attaches the token.
 */
export function LinkCardForm({ channel }: { channel: Channel }) {
  const navigate = useNavigate();
  const cardSession = useCardSession({
    accepts: (session: CardSession) => session.type === 'SAVE',
    create: async () => {
      const method = await createPaymentMethod(linkRequestOf(channel));
      // The new SAVE session is now the customer's current one; it carries the public key.
      const session = await getCardSession();
      const sessionId = method.actions.find((action) => action.type === 'CARDS_SESSION_JS')?.value;
      if (sessionId !== undefined && session.id !== sessionId) {
        console.warn('The current card session is not the one the link made', session.id);
      }
      return session;
    },
  });
  const complete = useCompleteCardSaveSession();

  function onCollected(session: CardSession, collected: CollectedCard) {
    if (!collected.payment_token_id) {
      console.error('The cards-session script answered no payment token', collected);
      return;
    }
    complete.mutate(
      { sessionId: session.id, paymentTokenId: collected.payment_token_id },
      {
        onSuccess: (method) => {
          cardSession.forget();
          follow(nextStepAfterCardLink(method, collected.action_url), navigate);
        },
      },
    );
  }

  return (
    <Stack gap="xs">
      {cardSession.error !== null && <ErrorPanel error={cardSession.error} />}
      {cardSession.isPending && (
        <Loader size="sm" role="status" aria-label="Preparing the card form" />
      )}
      <CardForm
        session={cardSession.session}
        saveCardPaymentToken
        submitLabel="Link"
        busy={complete.isPending}
        onCollected={onCollected}
      />
      {complete.isError && <ErrorPanel error={complete.error} onClose={complete.reset} />}
    </Stack>
  );
}
