import { useEffect } from 'react';
import { Button, Card, Code, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type Payment } from '@store/contract/client';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useSession } from '@/lib/session';
import { formatDateTime } from '@/utils/format';
import { useSimulatePayment } from '../api/payment-mutations';

export interface PaymentCodeScreenProps {
  payment: Payment;
  /** Which action carries the code: VIRTUAL_ACCOUNT_NUMBER, or PAYMENT_CODE / QR_STRING. */
  descriptors: readonly string[];
  title: string;
  /** Simulating leaves for the pending page; the screen must not move on by itself meanwhile. */
  onLeaving?: (leaving: boolean) => void;
}

/** Where a settled payment moves on to by itself; null while it is still open. */
export function settledPaymentPath(payment: Pick<Payment, 'status'>): string | null {
  if (payment.status === 'SUCCEEDED') return '/payments/success';
  if (payment.status === 'FAILED') return '/payments/failure';
  return null;
}

/** Moves on to the result page once the (polled) payment settles. */
export function useMoveOnWhenSettled(payment: Payment | undefined) {
  const navigate = useNavigate();
  const target = payment ? settledPaymentPath(payment) : null;
  const id = payment?.id;
  useEffect(() => {
    if (target !== null && id !== undefined) {
      navigate(`${target}?payment_id=${encodeURIComponent(id)}`, { replace: true });
    }
  }, [target, id, navigate]);
}

/**
 * The virtual-account screen (and the payment-code page built like it): the code to pay, the
 * amount, the deadline, and in development mode Simulate Payment.
 */
export function PaymentCodeScreen({
  payment,
  descriptors,
  title,
  onLeaving,
}: PaymentCodeScreenProps) {
  const navigate = useNavigate();
  const session = useSession();
  const simulate = useSimulatePayment();
  const action = payment.actions.find(
    (candidate) => candidate.descriptor !== null && descriptors.includes(candidate.descriptor),
  );
  if (!action) return <ErrorPanel error={new Error('Action not found')} />;

  const expiresAt = payment.channel_properties.expires_at;
  const development = session?.claims.mode === 'development';

  return (
    <Card withBorder maw={520} padding="lg">
      <Stack gap="sm">
        <Title order={2}>{title}</Title>
        {typeof expiresAt === 'string' && (
          <Text>Please complete payment before {formatDateTime(expiresAt)}</Text>
        )}
        <div>
          <Text fw={600}>Payment Code</Text>
          <Code fz="lg" data-testid="payment-code">
            {action.paymentCode ?? ''}
          </Code>
        </div>
        <Text>
          Amount {payment.currency} {formatMoney(payment.amount, payment.currency)}
        </Text>
        {development && (
          <Button
            onClick={() => {
              onLeaving?.(true);
              simulate.mutate(payment.id, {
                onSuccess: () =>
                  navigate(`/payments/pending?payment_id=${encodeURIComponent(payment.id)}`),
                onError: () => onLeaving?.(false),
              });
            }}
            loading={simulate.isPending}
          >
            Simulate Payment
          </Button>
        )}
        {simulate.isError && <ErrorPanel error={simulate.error} onClose={simulate.reset} />}
      </Stack>
    </Card>
  );
}
