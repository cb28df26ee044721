import { useEffect, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { follow, stepTo } from '@/lib/next-step';
import { usePayment } from '../api/get-payment';

/** How long Payment Pending waits on a payment the provider's page holds before it says so. */
export const stillWaitingAfterMs = 4_000;

/**
 * Payment Pending reached while the payment still waits for its customer on the provider's page
 * (an e-wallet's approval or a card's 3-D Secure): the customer left that page before answering,
 * by its Return to the store or by Back, and "being processed" would have them wait for nothing.
 * Said only after a few seconds, since a customer who did answer comes back a moment before the
 * provider's webhook: by then the page has moved on to the payment's result.
 */
export function StillWaitingNote({ paymentId }: { paymentId: string }) {
  const navigate = useNavigate();
  const payment = usePayment(paymentId, { poll: true }).data;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), stillWaitingAfterMs);
    return () => clearTimeout(timer);
  }, []);
  const page = payment?.actions.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value;
  if (!waited || payment?.status !== 'REQUIRES_ACTION' || !page) return null;
  return (
    <Alert color="blue" title="Still waiting for you">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Payment {payment.id} ({payment.channel_name}) is still waiting for you on the payment
          provider&apos;s page. If you left that page before finishing, continue there: it stays
          open for a while.
        </Text>
        <Button size="xs" onClick={() => follow(stepTo(page), navigate)}>
          Continue Payment
        </Button>
      </Stack>
    </Alert>
  );
}
