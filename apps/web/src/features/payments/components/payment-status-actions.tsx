import { ActionIcon, Button, Group } from '@mantine/core';
import { screenPath, type Payment } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useCancelPayment } from '../api/payment-mutations';
import { focusIsLost } from '@/components/focus-return';
import { continuePaymentStep, follow } from '@/lib/next-step';
import { paymentStatusAction } from '../utils/payment-status-action';

// The menu with its dialogs is its own chunk (the popover, modal and focus-trap code, 20 KB gzip):
// a row shows a plain button until the menu is first opened, as the shell's account menu does.
const loadMoreActions = () => import('./payment-more-actions');
const PaymentMoreActions = lazy(async () => ({
  default: (await loadMoreActions()).PaymentMoreActions,
}));

/** The status-dependent buttons of a payment row (specification section 4). */
export function PaymentStatusActions({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const cancel = useCancelPayment();
  const [moreWanted, setMoreWanted] = useState(false);
  const action = paymentStatusAction(payment);
  // A cancelled payment shows no buttons (specification), so the keyboard that pressed Cancel
  // payment would fall to the page's body: it goes to the payment's row instead, which still
  // reads its status and offers its logs.
  const row = useRef<HTMLElement | null>(null);
  const cancelled = cancel.isSuccess;
  useEffect(() => {
    // Unless the customer has gone elsewhere meanwhile.
    const inRow = row.current?.contains(document.activeElement) ?? false;
    if (cancelled && (inRow || focusIsLost())) row.current?.focus();
  }, [cancelled]);

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

  const moreButton = (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={`More actions for ${payment.id}`}
      disabled={cancel.isPending}
      onPointerEnter={() => void loadMoreActions()}
      onFocus={() => void loadMoreActions()}
      onClick={() => setMoreWanted(true)}
    >
      ⋮
    </ActionIcon>
  );
  const step = continuePaymentStep(payment);
  function continuePayment() {
    if (step !== null) follow(step, navigate);
  }

  return (
    <Group
      gap={4}
      wrap="nowrap"
      ref={(element) => {
        if (element) row.current = element.closest('li');
      }}
    >
      <Button size="xs" onClick={continuePayment} disabled={step === null || cancel.isPending}>
        Continue Payment
      </Button>
      {moreWanted ? (
        <Suspense fallback={moreButton}>
          <PaymentMoreActions payment={payment} cancel={cancel} />
        </Suspense>
      ) : (
        moreButton
      )}
    </Group>
  );
}
