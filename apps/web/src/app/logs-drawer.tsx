import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/components/opened-once';
import { usePayment } from '@/features/payments/api/get-payment';
import { usePaymentMethod } from '@/features/payment-methods/api/get-payment-method';
import type { LogsQuery } from './logs-drawer-panel';
import { useSubscription } from '@/features/subscriptions/api/get-subscription';

// The drawer's code (with the provider logs, the focus trap and scroll lock) loads when logs are
// first asked for: the lists that offer them stay light.
const LogsDrawer = lazy(async () => ({
  default: (await import('./logs-drawer-panel')).LogsDrawer,
}));

function OnDemandLogsDrawer(props: { id: string | null; query: LogsQuery; onClose: () => void }) {
  if (!useOpenedOnce(props.id !== null)) return null;
  return (
    <Suspense fallback={null}>
      <LogsDrawer {...props} />
    </Suspense>
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
  return <OnDemandLogsDrawer id={paymentId} query={payment} onClose={onClose} />;
}

export function PaymentMethodLogsDrawer({
  paymentMethodId,
  onClose,
}: {
  paymentMethodId: string | null;
  onClose: () => void;
}) {
  const method = usePaymentMethod(paymentMethodId ?? '', { enabled: paymentMethodId !== null });
  return <OnDemandLogsDrawer id={paymentMethodId} query={method} onClose={onClose} />;
}

export function SubscriptionLogsDrawer({
  subscriptionId,
  onClose,
}: {
  subscriptionId: string | null;
  onClose: () => void;
}) {
  const subscription = useSubscription(subscriptionId ?? '', { enabled: subscriptionId !== null });
  return <OnDemandLogsDrawer id={subscriptionId} query={subscription} onClose={onClose} />;
}
