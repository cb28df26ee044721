import { screenPaths } from '@store/contract/client';
import { Text } from '@mantine/core';
import { GoBack, MatchPayment, ResultCard, supportNote } from '../result-page';

export function PaymentPendingRoute() {
  return (
    <ResultCard
      title="Payment Pending"
      message="Your payment is being processed. This may take a few moments."
    >
      <MatchPayment page={screenPaths.paymentPending} />
      <GoBack />
      <Text size="sm" c="dimmed">
        {supportNote}
      </Text>
    </ResultCard>
  );
}
