import type { ReactNode } from 'react';
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import type { PaymentStatus } from '@store/contract/client';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLinkingResultRedirect } from '@/features/payment-methods/hooks/use-linking-result-redirect';
import { FailureReason } from '@/features/payments/components/failure-reason';
import { PaymentStatusNote } from '@/features/payments/components/payment-status-note';
import { useResultRedirect } from '@/features/payments/hooks/use-result-redirect';
import { parseHandOffParams } from '@/lib/hand-off';
import { useHandOff } from '@/lib/use-hand-off';
import { useSession } from '@/lib/session';

const supportNote = 'If you have any questions, please contact our support team.';

function ResultCard({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: ReactNode;
}) {
  const [search] = useSearchParams();
  const handOff = parseHandOffParams(search);
  return (
    <Center py="xl">
      <Card
        withBorder
        padding="xl"
        maw={520}
        w="100%"
        data-source={handOff.source ?? undefined}
        data-open-url-flow={handOff.openUrlFlow}
      >
        <Stack align="center" ta="center" gap="sm">
          <Title order={2}>{title}</Title>
          <Text>{message}</Text>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

/** What the store knows now of the payment the provider sent the customer back for. */
function CurrentPaymentStatus({ expected }: { expected: PaymentStatus }) {
  const [search] = useSearchParams();
  const session = useSession();
  const paymentId = search.get('payment_id');
  if (!paymentId || !session) return null;
  return <PaymentStatusNote paymentId={paymentId} expected={expected} />;
}

/** Sends the customer to the result page that matches the payment the page was reached for. */
function MatchPayment({ page }: { page: Parameters<typeof useResultRedirect>[0] }) {
  useResultRedirect(page, useSession() !== null);
  return null;
}

function MatchPaymentMethod({ page }: { page: Parameters<typeof useLinkingResultRedirect>[0] }) {
  useLinkingResultRedirect(page, useSession() !== null);
  return null;
}

function WhyItFailed() {
  const [search] = useSearchParams();
  const session = useSession();
  const paymentId = search.get('payment_id');
  if (!paymentId || !session) return null;
  return <FailureReason paymentId={paymentId} />;
}

/** Success and failure pages hand the result back to a mobile app that opened the flow. */
function HandOff() {
  useHandOff();
  return null;
}

function GoBack() {
  const navigate = useNavigate();
  return (
    <Button variant="default" onClick={() => navigate(-1)}>
      Go Back
    </Button>
  );
}

function BackToHome() {
  return (
    <Button component={Link} to="/">
      Back to Home
    </Button>
  );
}

export function PaymentPendingRoute() {
  return (
    <ResultCard
      title="Payment Pending"
      message="Your payment is being processed. This may take a few moments."
    >
      <MatchPayment page="/payments/pending" />
      <GoBack />
      <Text size="sm" c="dimmed">
        {supportNote}
      </Text>
    </ResultCard>
  );
}

export function PaymentSuccessRoute() {
  return (
    <ResultCard
      title="Payment Successful!"
      message="Thank you for your purchase. Your transaction was successful."
    >
      <MatchPayment page="/payments/success" />
      <CurrentPaymentStatus expected="SUCCEEDED" />
      <HandOff />
      <BackToHome />
    </ResultCard>
  );
}

export function PaymentFailureRoute() {
  return (
    <ResultCard
      title="Payment Failed"
      message="Unfortunately, your payment could not be processed."
    >
      <MatchPayment page="/payments/failure" />
      <WhyItFailed />
      <CurrentPaymentStatus expected="FAILED" />
      <HandOff />
      <BackToHome />
    </ResultCard>
  );
}

export function RefundPendingRoute() {
  return (
    <ResultCard
      title="Refund Pending"
      message="Your refund is being processed. This may take a few moments."
    >
      <GoBack />
      <Text size="sm" c="dimmed">
        {supportNote}
      </Text>
    </ResultCard>
  );
}

export function LinkingSuccessRoute() {
  return (
    <ResultCard
      title="Linking Successful!"
      message="Your payment method has been successfully linked."
    >
      <MatchPaymentMethod page="/payment_methods/success" />
      <HandOff />
      <BackToHome />
    </ResultCard>
  );
}

export function LinkingFailureRoute() {
  return (
    <ResultCard title="Linking Failed." message="Your payment method could not be linked.">
      <MatchPaymentMethod page="/payment_methods/failure" />
      <HandOff />
      <BackToHome />
    </ResultCard>
  );
}
