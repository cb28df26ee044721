import { Alert, Loader, Text } from '@mantine/core';
import type { PaymentStatus } from '@store/contract/client';
import { statusLabel } from '@/components/status-badge';
import { usePayment } from '../api/get-payment';

const describe: Record<PaymentStatus, string> = {
  REQUIRES_ACTION: 'still waits for your action',
  PENDING: 'is still being processed',
  SUCCEEDED: 'has succeeded',
  FAILED: 'has failed',
  REFUND_PENDING: 'is being refunded',
  REFUND_SUCCEEDED: 'has been refunded',
  REFUND_FAILED: 'could not be refunded',
  CANCELLED: 'was cancelled',
};

/**
 * The current status of the payment a result page was reached for. The provider's return and its
 * webhook come in either order, so the page says what the store knows now, whichever page it is.
 */
export function PaymentStatusNote({
  paymentId,
  expected,
}: {
  paymentId: string;
  expected: PaymentStatus;
}) {
  const payment = usePayment(paymentId, { poll: true });
  if (payment.isPending)
    return <Loader size="sm" role="status" aria-label="Checking the payment" />;
  if (payment.data === undefined) return null;
  const { status, id } = payment.data;
  const text = `Payment ${id} ${describe[status]}.`;
  if (status === expected) return <Text c="dimmed">{text}</Text>;
  return (
    <Alert color="yellow" title={`Payment status: ${statusLabel(status)}`}>
      {text}
    </Alert>
  );
}
