import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { screenPaths } from '@store/contract/client';
import { Link } from 'react-router';
import { PaymentMethodsList } from '@/features/payment-methods/components/payment-methods-list';
import { PaymentMethodLogsDrawer } from '../logs-drawer';

/** /payment_methods: the list, and Add Payment Method. */
export function PaymentMethodsRoute() {
  const [logsFor, setLogsFor] = useState<string | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Payment Methods</Title>
        <Button component={Link} to={screenPaths.paymentMethodNew}>
          Add Payment Method
        </Button>
      </Group>
      <PaymentMethodsList onViewLogs={setLogsFor} />
      <PaymentMethodLogsDrawer paymentMethodId={logsFor} onClose={() => setLogsFor(null)} />
    </Stack>
  );
}
