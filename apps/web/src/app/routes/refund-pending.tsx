import { Text } from '@mantine/core';
import { GoBack, ResultCard, supportNote } from '../result-page';

export function RefundPendingRoute() {
  return (
    <ResultCard
      title="Refund Pending"
      message="Your refund is being processed. This may take a few moments."
    >
      <GoBack />
      <Text size="sm" c="dimmed">
        {supportNote}
      </Text>
    </ResultCard>
  );
}
