import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PaymentMethod } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { follow } from '@/lib/next-step';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorPanel } from '@/components/error-panel';
import { focusIsLost } from '@/components/focus-return';
import { LoadMore } from '@/components/load-more';
import { endsSession } from '@/lib/query-client';
import { formatDateTime } from '@/utils/format';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useCancelPaymentMethod } from '../api/payment-method-mutations';
import { paidSubscriptionsNote } from '../utils/paid-subscriptions-note';
import { paymentMethodStatusAction } from '../utils/payment-method-status-action';
import { StatusBadge } from '@/components/status-badge';

function StatusAction({
  method,
  noteId,
  nameRef,
}: {
  method: PaymentMethod;
  noteId?: string;
  nameRef: RefObject<HTMLParagraphElement | null>;
}) {
  const navigate = useNavigate();
  const cancel = useCancelPaymentMethod();
  const [confirming, setConfirming] = useState(false);
  const action = paymentMethodStatusAction(method);
  const unlinkable = action.kind === 'unlink';
  useEffect(() => {
    // Unlinked: the Unlink button the confirmation hands the focus back to is gone, and the focus
    // with it (to the page's body, or still in the closing confirmation); it goes to this method,
    // whose CANCELED status is read next, not back to the top of the page.
    if (!unlinkable && cancel.isSuccess && focusIsLost()) nameRef.current?.focus();
  }, [unlinkable, cancel.isSuccess, nameRef]);

  if (action.kind === 'disabled') {
    // Keyed, so that React makes a new button rather than turning a focused Unlink into it.
    return (
      <Button key="status" size="xs" variant="default" disabled>
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
  const nameRef = useRef<HTMLParagraphElement>(null);
  return (
    <Paper component="li" withBorder p="sm" aria-label={`Payment method ${method.id}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} ref={nameRef} tabIndex={-1}>
            {method.channel_name}
          </Text>
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
        {/* On a phone this column wraps under the method: kept at the card's right edge, its
            badge stays above the buttons rather than in the middle of the card. */}
        <Stack gap="xs" align="flex-end" ml="auto">
          <StatusBadge status={method.status} />
          <Group gap="xs">
            <StatusAction
              method={method}
              noteId={paidNote ? noteId : undefined}
              nameRef={nameRef}
            />
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
