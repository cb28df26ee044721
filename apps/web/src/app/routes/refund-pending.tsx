import { Button, Center, Group, Loader, Text } from '@mantine/core';
import { screenPath, screenPaths } from '@store/contract/client';
import { Link, useSearchParams } from 'react-router';
import { usePayment } from '@/features/payments/api/get-payment';
import { refundOutcome } from '@/features/refunds/utils/refund-outcome';
import { useSession } from '@/lib/session';
import { GoBack, ResultCard, supportNote } from '../result-page';

/**
 * /refunds/pending: the specification's page while the refund is under way. Reached for a refund
 * (`payment_id`, `orders`), it follows the payment's lines live (the status feed re-reads the
 * payment when a refund webhook lands) and, once the provider has answered, says what happened
 * and what to do next.
 */
export function RefundPendingRoute() {
  const [search] = useSearchParams();
  const session = useSession();
  const paymentId = search.get('payment_id') ?? '';
  const lineIds = (search.get('orders') ?? '').split(',').filter(Boolean);
  const reads = session !== null && paymentId !== '';
  const payment = usePayment(paymentId, { enabled: session !== null });
  const lines = payment.data?.orders ?? [];
  const outcome = payment.data ? refundOutcome(lines, lineIds) : 'pending';
  const refunded = lines.filter((line) => lineIds.includes(line.id));
  const what = refunded.length > 0 ? refunded.map((line) => line.product.name).join(', ') : null;

  // Opened again after the refund settled, the page would say Refund Pending until the payment is
  // read: until the first read answers, it says nothing of the refund, as the payment pages do.
  if (reads && payment.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Checking your refund" />
      </Center>
    );
  }
  if (outcome === 'succeeded') {
    return (
      <ResultCard
        title="Refund Succeeded"
        message={`Your refund${what ? ` for ${what}` : ''} is complete. The money goes back the way you paid; your bank or wallet may take a few days to show it.`}
      >
        <Group justify="center">
          <Button component={Link} to={screenPaths.orders}>
            View Orders
          </Button>
        </Group>
      </ResultCard>
    );
  }
  if (outcome === 'failed') {
    return (
      <ResultCard
        title="Refund Failed"
        message={`The payment provider declined the refund${what ? ` for ${what}` : ''}, so no money was returned. You can try the refund again; if it fails again, please contact our support team.`}
      >
        <Group justify="center">
          <Button component={Link} to={screenPath('refund', { paymentId })}>
            Try Refund Again
          </Button>
          <Button component={Link} to={screenPaths.orders} variant="default">
            View Orders
          </Button>
        </Group>
      </ResultCard>
    );
  }
  return (
    <ResultCard
      title="Refund Pending"
      message="Your refund is being processed. This may take a few moments."
    >
      {what && (
        <Text size="sm">
          Refunding {what}. This page changes by itself when the payment provider answers.
        </Text>
      )}
      <GoBack />
      <Text size="sm" c="dimmed">
        {supportNote}
      </Text>
    </ResultCard>
  );
}
