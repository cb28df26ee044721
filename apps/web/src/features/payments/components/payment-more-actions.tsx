import { ActionIcon, Menu } from '@mantine/core';
import type { Payment } from '@store/contract/client';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import type { useCancelPayment } from '../api/payment-mutations';

/**
 * A pending payment's More actions menu (Cancel, after a confirmation) with the cancel's failure.
 * Mounted on the first click of the row's plain button, so it opens as it mounts.
 */
export function PaymentMoreActions({
  payment,
  cancel,
}: {
  payment: Payment;
  cancel: ReturnType<typeof useCancelPayment>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu position="bottom-end" defaultOpened>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="md"
            aria-label={`More actions for ${payment.id}`}
            disabled={cancel.isPending}
          >
            ⋮
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {/* Text in red 9: the item's own red 6 gives 2.7:1 on its highlight. */}
          <Menu.Item color="red" c="red.9" onClick={() => setConfirming(true)}>
            Cancel
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        title="Cancel this payment?"
        message={`Payment ${payment.id} will be cancelled and can no longer be paid.`}
        confirmLabel="Cancel payment"
        onConfirm={() => cancel.mutate(payment.id)}
        onClose={() => setConfirming(false)}
      />
      {/* The error dialog every action's failure has: Escape in its request and response viewer
          closes the viewer alone, and closing it gives the keyboard back. */}
      <ErrorDialog
        opened={cancel.isError}
        title="Cancel failed"
        error={cancel.error}
        onClose={cancel.reset}
      />
    </>
  );
}
