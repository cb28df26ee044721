import { ActionIcon, Button, Group, Menu, Modal } from '@mantine/core';
import { screenPath, type Payment } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorPanel } from '@/components/error-panel';
import { useCancelPayment } from '../api/payment-mutations';
import { continuePaymentStep, follow } from '@/lib/next-step';
import { paymentStatusAction } from '../utils/payment-status-action';

/** The status-dependent buttons of a payment row (specification section 4). */
export function PaymentStatusActions({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const cancel = useCancelPayment();
  const [confirming, setConfirming] = useState(false);
  const action = paymentStatusAction(payment);

  if (action.kind === 'none') return null;
  if (action.kind === 'status') {
    return (
      <Group gap={4} wrap="wrap" justify="flex-end">
        {action.disabledLabel !== null && (
          <Button size="xs" variant="default" disabled>
            {action.disabledLabel}
          </Button>
        )}
        {action.refundLabel !== null && (
          <Button
            size="xs"
            onClick={() => navigate(screenPath('refund', { paymentId: payment.id }))}
          >
            {action.refundLabel}
          </Button>
        )}
      </Group>
    );
  }

  const step = continuePaymentStep(payment);
  function continuePayment() {
    if (step !== null) follow(step, navigate);
  }

  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" onClick={continuePayment} disabled={step === null || cancel.isPending}>
        Continue Payment
      </Button>
      <Menu position="bottom-end">
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
      <Modal opened={cancel.isError} onClose={cancel.reset} title="Cancel failed">
        <ErrorPanel error={cancel.error} onClose={cancel.reset} />
      </Modal>
    </Group>
  );
}
