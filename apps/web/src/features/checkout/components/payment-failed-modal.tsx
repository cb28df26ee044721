import { Modal } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';

/** Why creating the payment failed, over the checkout. */
export function PaymentFailedModal({
  opened,
  error,
  onClose,
}: {
  opened: boolean;
  error: unknown;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Payment failed">
      <ErrorPanel error={error} onClose={onClose} />
    </Modal>
  );
}
