import { useId, useState } from 'react';
import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { OrderLine, Payment } from '@store/contract/client';
import { Price } from '@/components/price';
import { formatDateTime } from '@/utils/format';
import { partialRefundOf } from '../utils/refund-summary';
import { PartialRefundAmount } from './partial-refund-amount';
import { PaymentStatusActions } from './payment-status-actions';
import { PaymentPages, type PaymentListProps } from './payments-list';
import { StatusBadge } from '@/components/status-badge';

function OrderLineRow({ line }: { line: OrderLine }) {
  return (
    // On a phone a long status (REFUND_SUCCEEDED) and the price go under the product rather than
    // past the card's edge.
    <Group component="li" justify="space-between" gap="xs">
      <Group gap="sm" wrap="nowrap">
        <Image src={line.product.image_url} alt="" w={40} h={40} radius="sm" />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line.product.name}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto">
        <StatusBadge status={line.status} size="sm" />
        <Price size="sm" money={{ amount: line.price, currency: line.currency }} />
      </Group>
    </Group>
  );
}

/** The first line, then the rest behind View More. */
export function CollapsibleOrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const [first, ...rest] = lines;
  if (first === undefined) return null;
  return (
    <Stack gap={4}>
      <Stack id={listId} gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        <OrderLineRow line={first} />
        {expanded && rest.map((line) => <OrderLineRow key={line.id} line={line} />)}
      </Stack>
      {rest.length > 0 && (
        <Button
          size="compact-xs"
          variant="subtle"
          style={{ alignSelf: 'flex-start' }}
          // A screen reader says whether the lines are shown, and which list the button opens.
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'View Less' : 'View More'}
        </Button>
      )}
    </Stack>
  );
}

function OrderCard({
  payment,
  onViewLogs,
}: {
  payment: Payment;
  onViewLogs: (id: string) => void;
}) {
  const partial = partialRefundOf(payment);
  return (
    // tabIndex: where the keyboard goes when the payment's buttons go (payment-status-actions.tsx).
    <Paper component="li" withBorder p="sm" aria-label={`Order ${payment.id}`} tabIndex={-1}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Paid with {payment.channel}</Text>
          <StatusBadge status={payment.status} label={partial?.label} />
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(payment.created)} ·{' '}
          <Price inherit money={{ amount: payment.amount, currency: payment.currency }} />
        </Text>
        {partial && (
          <Text size="sm">
            <PartialRefundAmount refunded={partial.refunded} total={partial.total} />
          </Text>
        )}
        <CollapsibleOrderLines lines={payment.orders} />
        <Group gap="xs" justify="flex-end">
          <PaymentStatusActions payment={payment} />
          <Button size="xs" variant="light" onClick={() => onViewLogs(payment.id)}>
            View Xendit Logs
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /orders: past payments with their order lines. */
export function OrdersList({ onViewLogs }: PaymentListProps) {
  return (
    <PaymentPages
      empty="No Orders"
      renderPayment={(payment) => (
        <OrderCard key={payment.id} payment={payment} onViewLogs={onViewLogs} />
      )}
    />
  );
}
