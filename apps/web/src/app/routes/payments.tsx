import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PaymentsList } from '@/features/payments/components/payments-list';
import { PaymentLogsDrawer } from '../logs-drawer';

/**
 * /payments: every payment with its status action and logs; `?payment_id=` (a subscription
 * cycle's View in Payments) names the payment to bring into view.
 */
export function PaymentsRoute() {
  const [logsFor, setLogsFor] = useState<string | null>(null);
  const [search] = useSearchParams();
  return (
    <Stack>
      <Title order={2}>Payments</Title>
      <PaymentsList
        onViewLogs={setLogsFor}
        linkedPaymentId={search.get('payment_id') || undefined}
      />
      <PaymentLogsDrawer paymentId={logsFor} onClose={() => setLogsFor(null)} />
    </Stack>
  );
}
