import type { ReactNode } from 'react';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Payment } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { LoadMore } from '@/components/load-more';
import { Price } from '@/components/price';
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

/** Loads the customer's payments page by page; renders each with `renderPayment`. */
function PaymentPages({
  empty,
  renderPayment,
}: {
  empty: string;
  renderPayment: (payment: Payment) => ReactNode;
}) {
  const payments = usePayments();
  // The query cache ends the session (lib/query-client.ts); the guard then leaves this page.
  const expired = endsSession(payments.error);

  if (payments.isPending || expired) return <Loader role="status" aria-label="Loading payments" />;
  if (payments.data === undefined) return <ErrorPanel error={payments.error} />;
  const all = payments.data.pages.flatMap((page) => page.payments);
  if (all.length === 0) return <Text>{empty}</Text>;

  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {all.map(renderPayment)}
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
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
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

/** /payments: id, amount, channel, reference id and status of every payment. */
export function PaymentsList({ onViewLogs }: PaymentListProps) {
  return (
    <PaymentPages
      empty="No Payments"
      renderPayment={(payment) => (
        <Paper
          key={payment.id}
          component="li"
          withBorder
          p="sm"
          aria-label={`Payment ${payment.id}`}
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
      )}
    />
  );
}

export { PaymentPages };
