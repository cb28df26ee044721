import { screenPaths } from '@store/contract/client';
import {
  BackToHome,
  CurrentPaymentStatus,
  HandOff,
  MatchPayment,
  ResultCard,
  WhatWasBought,
} from '../result-page';

export function PaymentSuccessRoute() {
  return (
    <ResultCard
      title="Payment Successful!"
      message="Thank you for your purchase. Your transaction was successful."
    >
      <MatchPayment page={screenPaths.paymentSuccess} />
      <CurrentPaymentStatus expected="SUCCEEDED" />
      <WhatWasBought />
      <HandOff payment={screenPaths.paymentSuccess} />
      <BackToHome />
    </ResultCard>
  );
}
