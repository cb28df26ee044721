import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { PaymentsList } from '@/features/payments/components/payments-list';
import { PaymentLogsDrawer } from '../logs-drawer';

/** /payments: every payment with its status action and logs. */
export function PaymentsRoute() {
  const [logsFor, setLogsFor] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={2}>Payments</Title>
      <PaymentsList onViewLogs={setLogsFor} />
      <PaymentLogsDrawer paymentId={logsFor} onClose={() => setLogsFor(null)} />
    </Stack>
  );
}
