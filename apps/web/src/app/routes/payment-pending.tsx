import { screenPaths } from '@store/contract/client';
import { Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';
import { StillWaitingNote } from '@/features/payments/components/still-waiting-note';
import { GoBack, MatchPayment, ResultCard, supportNote } from '../result-page';

export function PaymentPendingRoute() {
  const [search] = useSearchParams();
  const paymentId = search.get('payment_id');
  const signedIn = useSession() !== null;
  return (
    <ResultCard
      title="Payment Pending"
      message="Your payment is being processed. This may take a few moments."
    >
      <MatchPayment page={screenPaths.paymentPending} />
      {paymentId && signedIn && <StillWaitingNote paymentId={paymentId} />}
      <GoBack />
      <Text size="sm" c="dimmed">
        {supportNote}
      </Text>
    </ResultCard>
  );
}
