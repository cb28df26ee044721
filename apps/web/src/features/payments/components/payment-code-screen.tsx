import { useEffect, useState } from 'react';
import { Button, Card, Code, CopyButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import {
  formatMoney,
  paymentResultPath,
  resultScreenFor,
  screenPaths,
  type Payment,
} from '@store/contract/client';
import { Link, useNavigate } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { useSession } from '@/lib/session';
import { formatDeadline } from '@/utils/format';
import { useSimulatePayment } from '../api/payment-mutations';
import { PaymentDeadEnd } from './payment-dead-end';

export interface PaymentCodeScreenProps {
  payment: Payment;
  /** Which action carries the code: VIRTUAL_ACCOUNT_NUMBER, or PAYMENT_CODE / QR_STRING. */
  descriptors: readonly string[];
  title: string;
  /** Simulating leaves for the pending page; the screen must not move on by itself meanwhile. */
  onLeaving?: (leaving: boolean) => void;
}

/**
 * Where a settled payment moves on to by itself, by the contract's one rule; null while it is still
 * open, and for a cancelled one, whose code this screen itself says can no longer be paid.
 */
export function settledPaymentPath(payment: Pick<Payment, 'status'>): string | null {
  if (payment.status === 'CANCELLED') return null;
  const screen = resultScreenFor(payment.status);
  return screen === screenPaths.paymentPending ? null : screen;
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

/** How to pay with each kind of code, in the customer's words. */
function instructionsFor(descriptor: string | null, channelName: string) {
  switch (descriptor) {
    case 'VIRTUAL_ACCOUNT_NUMBER':
      return {
        where: `Bank: ${channelName}`,
        how: "Transfer the exact amount to this virtual account number from your bank's app, internet banking or an ATM.",
      };
    case 'QR_STRING':
      return {
        where: `Pay with: ${channelName}`,
        how: 'Scan the QR code with a banking or e-wallet app and pay the exact amount.',
      };
    default:
      return {
        where: `Pay at: ${channelName}`,
        how: `Show this code at the cashier of any ${channelName} store and pay the exact amount in cash before the deadline. Keep the receipt.`,
      };
  }
}

/** A QR code drawn in the browser; its encoder is loaded only when a QR code is shown. */
function QrImage({ value }: { value: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const qr = qrcode(0, 'M');
      qr.addData(value);
      qr.make();
      if (current) setSource(qr.createDataURL(6, 4));
    });
    return () => {
      current = false;
    };
  }, [value]);
  if (source === null) return null;
  return <Image src={source} alt="QR code to scan" w={240} h={240} fit="contain" />;
}

/**
 * The virtual-account screen (and the payment-code page built like it): the code to pay, where
 * and how to pay it, the amount, the deadline, a way on, and in development mode Simulate Payment.
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
  if (payment.status === 'CANCELLED') {
    return (
      <PaymentDeadEnd
        title="Payment Cancelled"
        message={`Payment ${payment.id} was cancelled, so this code can no longer be paid and nothing will be charged. Your order is in Orders; to buy it, shop again.`}
      />
    );
  }
  if (!action) return <ErrorPanel error={new Error('Action not found')} />;

  const code = action.paymentCode ?? '';
  // A Vietnamese account comes with its VietQR, which pays the same account: banking apps scan it.
  const accountQr =
    action.descriptor === 'VIRTUAL_ACCOUNT_NUMBER'
      ? payment.actions.find((candidate) => candidate.descriptor === 'QR_STRING')?.paymentCode
      : null;
  const instructions = instructionsFor(action.descriptor, payment.channel_name);
  const expiresAt = payment.channel_properties.expires_at;
  const development = session?.claims.mode === 'development';

  return (
    <Card withBorder maw={520} padding="lg">
      <Stack gap="sm">
        <Title order={2}>{title}</Title>
        {typeof expiresAt === 'string' && (
          <Text>Please complete payment before {formatDeadline(expiresAt)}</Text>
        )}
        <Text fw={600}>{instructions.where}</Text>
        {action.descriptor === 'QR_STRING' && code !== '' && <QrImage value={code} />}
        {accountQr && (
          <div>
            <Text fw={600}>Scan to pay</Text>
            <QrImage value={accountQr} />
            <Text size="sm">
              Scan this QR code with your banking app, or transfer to the virtual account number
              below.
            </Text>
          </div>
        )}
        <div>
          <Text fw={600}>Payment Code</Text>
          <Group gap="xs" wrap="nowrap" align="center">
            {/* A QR string runs to a hundred characters: it wraps, the Copy button keeps its size. */}
            <Code
              fz="lg"
              data-testid="payment-code"
              style={{ wordBreak: 'break-all', minWidth: 0, flex: 1 }}
            >
              {code}
            </Code>
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </div>
        <Text>
          Amount {payment.currency} {formatMoney(payment.amount, payment.currency)}
        </Text>
        <Text>{instructions.how}</Text>
        <Text size="sm">
          This page moves on by itself once the payment arrives. You can also leave it: the order
          waits in Orders until it is paid or expires.
        </Text>
        <Button component={Link} to={screenPaths.orders} variant="default">
          View Orders
        </Button>
        {development && (
          <Button
            onClick={() => {
              onLeaving?.(true);
              simulate.mutate(payment.id, {
                // The code is paid: Back must not bring it up again.
                onSuccess: () =>
                  navigate(paymentResultPath(screenPaths.paymentPending, payment.id), {
                    replace: true,
                  }),
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
