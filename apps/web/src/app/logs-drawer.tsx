import { Drawer, Loader } from '@mantine/core';
import type { ProviderOperation } from '@store/contract/client';
import { ErrorPanel } from '@/components/error-panel';
import { usePayment } from '@/features/payments/api/get-payment';
import { usePaymentMethod } from '@/features/payment-methods/api/get-payment-method';
import { ProviderLogs } from '@/features/provider-logs/components/provider-logs';
import { useSubscription } from '@/features/subscriptions/api/get-subscription';

interface LogsQuery {
  isPending: boolean;
  error: unknown;
  data: { xendit_operations?: ProviderOperation[] | undefined } | undefined;
}

/**
 * View Xendit Logs: one payment's, payment method's or subscription's provider exchanges and
 * webhooks, right drawer (800).
 */
function LogsDrawer({
  id,
  query,
  onClose,
}: {
  id: string | null;
  query: LogsQuery;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={800}
      title={id ? `Xendit Logs ${id}` : 'Xendit Logs'}
    >
      {id === null ? null : query.isPending ? (
        <Loader role="status" aria-label="Loading logs" />
      ) : query.data === undefined ? (
        <ErrorPanel error={query.error} />
      ) : (
        <ProviderLogs operations={query.data.xendit_operations ?? []} />
      )}
    </Drawer>
  );
}

export function PaymentLogsDrawer({
  paymentId,
  onClose,
}: {
  paymentId: string | null;
  onClose: () => void;
}) {
  const payment = usePayment(paymentId ?? '', { enabled: paymentId !== null });
  return <LogsDrawer id={paymentId} query={payment} onClose={onClose} />;
}

export function PaymentMethodLogsDrawer({
  paymentMethodId,
  onClose,
}: {
  paymentMethodId: string | null;
  onClose: () => void;
}) {
  const method = usePaymentMethod(paymentMethodId ?? '', { enabled: paymentMethodId !== null });
  return <LogsDrawer id={paymentMethodId} query={method} onClose={onClose} />;
}

export function SubscriptionLogsDrawer({
  subscriptionId,
  onClose,
}: {
  subscriptionId: string | null;
  onClose: () => void;
}) {
  const subscription = useSubscription(subscriptionId ?? '', { enabled: subscriptionId !== null });
  return <LogsDrawer id={subscriptionId} query={subscription} onClose={onClose} />;
}
