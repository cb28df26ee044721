import { useState } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { screenPaths } from '@store/contract/client';
import { Link } from 'react-router';
import { forgetHostedPayment, hostedPaymentLeft } from '../utils/hosted-checkout-cart';

/**
 * Back on the checkout from the provider's page without paying: the payment made there stays open
 * until its session expires, which a customer choosing another way to pay would not otherwise know.
 */
export function HostedPaymentLeft() {
  const [paymentId, setPaymentId] = useState(hostedPaymentLeft);
  if (paymentId === null) return null;
  return (
    <Alert
      color="yellow"
      title="Your payment was not finished"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        forgetHostedPayment();
        setPaymentId(null);
      }}
    >
      You left the payment page before paying. Payment {paymentId} stays open for a while: finish it
      with Continue Payment under{' '}
      <Anchor component={Link} to={screenPaths.payments} inherit>
        Payments
      </Anchor>
      , or choose a way to pay below.
    </Alert>
  );
}
