import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Payment } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { focusIsLost } from '@/components/focus-return';
import { LoadMore } from '@/components/load-more';
import { Price } from '@/components/price';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';
import { usePayment } from '../api/get-payment';
import { usePayments } from '../api/get-payments';
import { endsSession } from '@/lib/query-client';
import { statusLabel } from '@/components/status-badge';
import { partialRefundOf } from '../utils/refund-summary';
import { PartialRefundAmount } from './partial-refund-amount';
import { PaymentStatusActions } from './payment-status-actions';

export interface PaymentListProps {
  /** Opens the provider logs of a payment (the app layer owns the drawer). */
  onViewLogs: (paymentId: string) => void;
}

/** Renders a payment; `linked` when it is the one a link sent the customer to. */
type RenderPayment = (payment: Payment, linked: boolean) => ReactNode;

/**
 * The payment a link named, read by its id since it is not on the pages read so far (the list
 * shows the newest twenty first). Another customer's payment is a 404 like an unknown one, so
 * the words say only that the customer has none with that id; so do they for an id no payment
 * can have (400: too long, or of characters ids do not use), typed or cut in the address.
 */
function LinkedPayment({
  paymentId,
  renderPayment,
}: {
  paymentId: string;
  renderPayment: RenderPayment;
}) {
  const read = usePayment(paymentId);
  if (read.isPending) {
    return <Loader size="sm" role="status" aria-label={`Loading payment ${paymentId}`} />;
  }
  if (read.data === undefined) {
    if (isApiError(read.error) && (read.error.status === 404 || read.error.status === 400)) {
      return <Text role="alert">You have no payment with the id {paymentId}.</Text>;
    }
    return <ErrorPanel error={read.error} />;
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        The payment you opened, further down your payments:
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {renderPayment(read.data, true)}
      </Stack>
    </Stack>
  );
}

/**
 * Loads the customer's payments page by page; renders each with `renderPayment`. A payment a
 * link named (`linkedPaymentId`) is marked where it is listed, or shown above the list while it
 * is not on the pages read.
 */
function PaymentPages({
  empty,
  renderPayment,
  linkedPaymentId,
}: {
  empty: string;
  renderPayment: RenderPayment;
  linkedPaymentId?: string | undefined;
}) {
  const payments = usePayments();
  // The query cache ends the session (lib/query-client.ts); the guard then leaves this page.
  const expired = endsSession(payments.error);

  if (payments.isPending || expired) return <Loader role="status" aria-label="Loading payments" />;
  if (payments.data === undefined) return <ErrorPanel error={payments.error} />;
  const all = payments.data.pages.flatMap((page) => page.payments);
  const linkedElsewhere =
    linkedPaymentId !== undefined && !all.some((payment) => payment.id === linkedPaymentId);
  const linked = linkedElsewhere && (
    <LinkedPayment paymentId={linkedPaymentId} renderPayment={renderPayment} />
  );
  if (all.length === 0) {
    return (
      <Stack gap="sm">
        {linked}
        <Text>{empty}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {linked}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {all.map((payment) => renderPayment(payment, payment.id === linkedPaymentId))}
      </Stack>
      <LoadMore list={payments} />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* Words wrap whole; only an id too long for a phone's line breaks inside. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The payment's status, and after a partial refund, what came back of its total. */
function StatusFields({ payment }: { payment: Payment }) {
  const partial = partialRefundOf(payment);
  return (
    <>
      <Field label="Status">{partial?.label ?? statusLabel(payment.status)}</Field>
      {partial && (
        <Field label="Refunded">
          <PartialRefundAmount refunded={partial.refunded} total={partial.total} />
        </Field>
      )}
    </>
  );
}

function PaymentRow({
  payment,
  linked,
  onViewLogs,
}: {
  payment: Payment;
  linked: boolean;
  onViewLogs: (paymentId: string) => void;
}) {
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // Arriving by a link (a subscription's cycle), the keyboard starts on the payment, which
    // focusing brings into view; unless the customer has put it elsewhere meanwhile.
    if (linked && focusIsLost()) row.current?.focus();
  }, [linked]);
  return (
    <Paper
      ref={row}
      component="li"
      withBorder
      p="sm"
      aria-label={`Payment ${payment.id}`}
      aria-current={linked || undefined}
      style={linked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      // Where the keyboard goes when the payment's buttons go (payment-status-actions.tsx).
      tabIndex={-1}
    >
      <Group justify="space-between" align="flex-start">
        <Group gap="lg" align="flex-start">
          <Field label="ID">{payment.id}</Field>
          <Field label="Amount">
            <Price inherit money={{ amount: payment.amount, currency: payment.currency }} />
          </Field>
          <Field label="Channel">{payment.channel}</Field>
          <Field label="Reference ID">{payment.reference_id}</Field>
          {/* Beside the specification's fields: which of a day's payments a row is. */}
          <Field label="Created">{formatDateTime(payment.created)}</Field>
          <StatusFields payment={payment} />
          <Field label="Order Lines">
            {payment.orders
              .map((line) => `${line.product.name}: ${statusLabel(line.status)}`)
              .join(', ')}
          </Field>
        </Group>
        <Group gap="xs">
          <PaymentStatusActions payment={payment} />
          <Button size="xs" variant="light" onClick={() => onViewLogs(payment.id)}>
            View Xendit Logs
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * /payments: id, amount, channel, reference id and status of every payment; `linkedPaymentId`
 * (`/payments?payment_id=`) is the one a link sent the customer to, brought into view with the
 * keyboard on it.
 */
export function PaymentsList({
  onViewLogs,
  linkedPaymentId,
}: PaymentListProps & { linkedPaymentId?: string | undefined }) {
  return (
    <PaymentPages
      empty="No Payments"
      linkedPaymentId={linkedPaymentId}
      renderPayment={(payment, linked) => (
        <PaymentRow key={payment.id} payment={payment} linked={linked} onViewLogs={onViewLogs} />
      )}
    />
  );
}

export { PaymentPages };
