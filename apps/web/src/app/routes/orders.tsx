import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { OrdersList } from '@/features/payments/components/orders-list';
import { PaymentLogsDrawer } from '../logs-drawer';

/** /orders: past payments with their order lines. */
export function OrdersRoute() {
  const [logsFor, setLogsFor] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={2}>Orders</Title>
      <OrdersList onViewLogs={setLogsFor} />
      <PaymentLogsDrawer paymentId={logsFor} onClose={() => setLogsFor(null)} />
    </Stack>
  );
}
