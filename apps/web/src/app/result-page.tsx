/** The parts the result pages (app/routes/*-success, *-failure, *-pending) are built from. */
import { useState, type ReactNode } from 'react';
import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { screenPaths, type PaymentStatus } from '@store/contract/client';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLinkingResultRedirect } from '@/features/payment-methods/hooks/use-linking-result-redirect';
import { FailureReason } from '@/features/payments/components/failure-reason';
import { PaymentStatusNote } from '@/features/payments/components/payment-status-note';
import { PurchaseSummary } from '@/features/payments/components/purchase-summary';
import { useResultRedirect } from '@/features/payments/hooks/use-result-redirect';
import { resultPageFor, type PaymentResultPage } from '@/features/payments/utils/result-page';
import { isApiError } from '@/lib/api-client';
import { usePayment } from '@/features/payments/api/get-payment';
import { useCart } from '@/features/cart/stores/cart-store';
import { handOffPath, parseHandOffParams, paymentHandOffPage } from '@/lib/hand-off';
import { useHandOff } from '@/lib/use-hand-off';
import { useSession } from '@/lib/session';
import { subscribeReturnPath } from '@/features/subscriptions/utils/subscribe-return';

export const supportNote = 'If you have any questions, please contact our support team.';

export function ResultCard({
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
export function CurrentPaymentStatus({ expected }: { expected: PaymentStatus }) {
  const [search] = useSearchParams();
  const session = useSession();
  const paymentId = search.get('payment_id');
  if (!paymentId || !session) return null;
  return <PaymentStatusNote paymentId={paymentId} expected={expected} />;
}

/** On the success page: what was bought, the amount, the channel and the way to the order. */
export function WhatWasBought() {
  const [search] = useSearchParams();
  const session = useSession();
  const paymentId = search.get('payment_id');
  if (!paymentId || !session) return null;
  return <PurchaseSummary paymentId={paymentId} />;
}

/** Sends the customer to the result page that matches the payment the page was reached for. */
export function MatchPayment({ page }: { page: Parameters<typeof useResultRedirect>[0] }) {
  useResultRedirect(page, useSession() !== null);
  return null;
}

/**
 * A success or failure page reached for a signed-in customer's payment shows nothing of itself
 * until the payment's status is known and belongs on it: the provider can send the browser back
 * before the payment settles, and a slow read would otherwise show Payment Successful! above a
 * failed payment for as long as it takes. Meanwhile it waits; then it shows, or goes to the page
 * the payment belongs on.
 */
export function AwaitPayment({
  page,
  children,
}: {
  page: Parameters<typeof useResultRedirect>[0];
  children: ReactNode;
}) {
  const shown = useResultRedirect(page, useSession() !== null);
  // Once shown, the page stays: its parts read the payment again as they mount, and a payment
  // that could not be read (404) would otherwise flip back to waiting on each read. A later
  // status that belongs elsewhere still moves the customer on (useResultRedirect).
  const [stays, setStays] = useState(false);
  if (shown && !stays) setStays(true);
  if (shown || stays) return children;
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Checking your payment" />
    </Center>
  );
}

export function MatchPaymentMethod({
  page,
}: {
  page: Parameters<typeof useLinkingResultRedirect>[0];
}) {
  useLinkingResultRedirect(page, useSession() !== null);
  return null;
}

/**
 * A linking result page for a method the provider has not settled yet (the browser can come back
 * before the webhook) says that it is waiting, not that linking succeeded or failed; it shows the
 * page once the method is ACTIVE, or goes to the other one.
 */
export function AwaitLinking({
  page,
  children,
}: {
  page: Parameters<typeof useLinkingResultRedirect>[0];
  children: ReactNode;
}) {
  const awaiting = useLinkingResultRedirect(page, useSession() !== null);
  if (!awaiting) return children;
  return (
    <ResultCard
      title="Linking Pending"
      message="Your payment method is being linked. This may take a few moments."
    >
      <Loader size="sm" role="status" aria-label="Waiting for the provider" />
      <Text size="sm">{supportNote}</Text>
      <BackToHome />
    </ResultCard>
  );
}

export function WhyItFailed() {
  const [search] = useSearchParams();
  const session = useSession();
  const paymentId = search.get('payment_id');
  if (!paymentId || !session) return null;
  return <FailureReason paymentId={paymentId} />;
}

/**
 * Success and failure pages hand the result back to a mobile app that opened the flow, with only
 * the ids they own. A payment's pages read the payment first and tell the page of its status
 * (`payment`: the page this is); linking pages tell their own.
 */
export function HandOff({ payment }: { payment?: PaymentResultPage }) {
  const [search] = useSearchParams();
  const location = useLocation();
  const signedIn = useSession() !== null;
  const paymentId = search.get('payment_id') ?? '';
  const read = usePayment(paymentId, { enabled: payment !== undefined && signedIn });
  const page =
    payment === undefined
      ? location.pathname
      : paymentHandOffPage({
          signedIn,
          status: read.data?.status,
          missing: paymentId === '' || (isApiError(read.error) && read.error.status === 404),
          resultPageFor,
          pages: { pending: screenPaths.paymentPending, failure: screenPaths.paymentFailure },
        });
  // A payment whose page is another one is handed on by that page, once the redirect is there.
  const path =
    page === null || (payment !== undefined && page !== payment && signedIn)
      ? null
      : handOffPath(page, search);
  const returnUrl = useHandOff(path);
  if (returnUrl === null) return null;
  return (
    <Button component="a" href={returnUrl}>
      Return to the app
    </Button>
  );
}

/**
 * Back to the page before, as the browser's Back. A page opened fresh (the provider's or an app's
 * redirect, a bookmark) has no page of the store before it, so it goes to the customer's orders,
 * where the payment and its refunds are, rather than nowhere or back to the provider.
 */
export function GoBack() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <Button
      variant="default"
      // The router's key of the entry the browser loaded first.
      onClick={() => (key === 'default' ? navigate(screenPaths.orders) : navigate(-1))}
    >
      Go Back
    </Button>
  );
}

/**
 * After saving a method on the way to subscribing: back to the product's Subscribe dialog (where
 * a failed save can be tried again with Save a new card or e-wallet).
 */
export function ContinueSubscribing({ label = 'Continue subscribing' }: { label?: string }) {
  const path = subscribeReturnPath();
  if (path === null) return null;
  return (
    <Button component={Link} to={path} variant="light">
      {label}
    </Button>
  );
}

export function BackToHome() {
  return (
    <Button component={Link} to={screenPaths.home}>
      Back to Home
    </Button>
  );
}

/**
 * A linking result's way on: Back to Home, and beside it the customer's payment methods, where
 * the method just linked is listed, or another can be added after a failed linking.
 */
export function LinkingResultActions() {
  return (
    <Group justify="center">
      <BackToHome />
      <Button component={Link} to={screenPaths.paymentMethods} variant="default">
        View Payment Methods
      </Button>
    </Group>
  );
}

/**
 * After a failed payment: the same order back in the cart, and checkout to choose another way to
 * pay. The cart was emptied when the payment was made; the payment keeps what was ordered.
 */
export function TryAnotherMethod() {
  const [search] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const { add } = useCart();
  const paymentId = search.get('payment_id') ?? '';
  const payment = usePayment(paymentId, { enabled: session !== null });
  const lines = payment.data?.orders ?? [];
  if (lines.length === 0) return null;
  return (
    <Button
      onClick={() => {
        for (const line of lines) add(line.product);
        navigate(screenPaths.checkout);
      }}
    >
      Try Another Payment Method
    </Button>
  );
}
