import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PaymentMethod } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { follow } from '@/lib/next-step';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorPanel } from '@/components/error-panel';
import { LoadMore } from '@/components/load-more';
import { endsSession } from '@/lib/query-client';
import { formatDateTime } from '@/utils/format';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useCancelPaymentMethod } from '../api/payment-method-mutations';
import { paidSubscriptionsNote } from '../utils/paid-subscriptions-note';
import { paymentMethodStatusAction } from '../utils/payment-method-status-action';
import { StatusBadge } from '@/components/status-badge';

function StatusAction({ method, noteId }: { method: PaymentMethod; noteId?: string }) {
  const navigate = useNavigate();
  const cancel = useCancelPaymentMethod();
  const [confirming, setConfirming] = useState(false);
  const action = paymentMethodStatusAction(method);

  if (action.kind === 'disabled') {
    return (
      <Button size="xs" variant="default" disabled>
        {action.label}
      </Button>
    );
  }
  if (action.kind === 'unlink') {
    return (
      <>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={cancel.isPending}
          aria-describedby={noteId}
          onClick={() => setConfirming(true)}
        >
          Unlink
        </Button>
        <ConfirmDialog
          opened={confirming}
          title="Unlink this payment method?"
          message={[
            `${method.channel_name} will no longer be offered at checkout.`,
            paidSubscriptionsNote(method),
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel="Unlink"
          // A failed unlink is only logged (specification section 8).
          onConfirm={() => cancel.mutate(method.id, { onError: (error) => console.error(error) })}
          onClose={() => setConfirming(false)}
        />
      </>
    );
  }
  const { step } = action;
  return (
    <Button
      size="xs"
      disabled={step === null}
      onClick={() => {
        if (step !== null) follow(step, navigate);
      }}
    >
      Continue Linking
    </Button>
  );
}

function PaymentMethodRow({
  method,
  onViewLogs,
}: {
  method: PaymentMethod;
  onViewLogs: (id: string) => void;
}) {
  const details = Object.values(method.details ?? {}).join(' ');
  const paidNote = paidSubscriptionsNote(method);
  const noteId = `paid-subscriptions-${method.id}`;
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Payment method ${method.id}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{method.channel_name}</Text>
          <Text size="xs" c="dimmed">
            {[method.channel, method.country, details].filter(Boolean).join(' · ')}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(method.created)}
          </Text>
          {paidNote && (
            <Text id={noteId} size="xs" fw={500}>
              {paidNote}
            </Text>
          )}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <StatusBadge status={method.status} />
          <Group gap="xs">
            <StatusAction method={method} noteId={paidNote ? noteId : undefined} />
            <Button size="xs" variant="light" onClick={() => onViewLogs(method.id)}>
              View Xendit Logs
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /payment_methods: the customer's methods, newest first, with their status action and logs. */
export function PaymentMethodsList({ onViewLogs }: { onViewLogs: (id: string) => void }) {
  const methods = usePaymentMethods();
  // The query cache ends the session (lib/query-client.ts); the guard then leaves this page.
  const expired = endsSession(methods.error);
  if (methods.isPending || expired) {
    return <Loader role="status" aria-label="Loading payment methods" />;
  }
  if (methods.data === undefined) return <ErrorPanel error={methods.error} />;
  const all = methods.data.pages.flatMap((page) => page.payment_methods);
  if (all.length === 0) {
    return <Text c="dimmed">No payment methods linked yet.</Text>;
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {all.map((method) => (
          <PaymentMethodRow key={method.id} method={method} onViewLogs={onViewLogs} />
        ))}
      </Stack>
      <LoadMore list={methods} />
    </Stack>
  );
}
