import { useState } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { screenPaths } from '@store/contract/client';
import { Link } from 'react-router';
import { dismissHostedPaymentNote, hostedPaymentToTell } from '../utils/hosted-checkout-cart';

/**
 * Back on the checkout from the provider's page without paying: the payment made there stays open
 * until its session expires, which a customer choosing another way to pay would not otherwise know.
 * Choosing another way cancels it (useCheckoutPayment), so the cart is not paid twice; dismissing
 * the note hides it for that payment, which is still cancelled then.
 */
export function HostedPaymentLeft() {
  const [paymentId, setPaymentId] = useState(hostedPaymentToTell);
  if (paymentId === null) return null;
  return (
    <Alert
      color="yellow"
      title="Your payment was not finished"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        dismissHostedPaymentNote(paymentId);
        setPaymentId(null);
      }}
    >
      You left the payment page before paying. Payment {paymentId} stays open for a while: finish it
      with Continue Payment under{' '}
      <Anchor component={Link} to={screenPaths.payments} inherit>
        Payments
      </Anchor>
      , or choose a way to pay below, which cancels it.
    </Alert>
  );
}
