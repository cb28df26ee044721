import { useState } from 'react';
import { Stack, Title } from '@mantine/core';
import { SubscriptionsList } from '@/features/subscriptions/components/subscriptions-list';
import { useSession } from '@/lib/session';
import { SubscriptionLogsDrawer } from '../logs-drawer';

/** /subscriptions: the customer's plans with their cycles, and each plan's provider logs. */
export function SubscriptionsRoute() {
  const session = useSession();
  const [logsFor, setLogsFor] = useState<string | null>(null);
  return (
    <Stack>
      <Title order={2}>Subscriptions</Title>
      <SubscriptionsList mode={session?.claims.mode ?? 'live'} onViewLogs={setLogsFor} />
      <SubscriptionLogsDrawer subscriptionId={logsFor} onClose={() => setLogsFor(null)} />
    </Stack>
  );
}
