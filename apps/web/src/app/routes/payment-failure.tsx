import { screenPaths } from '@store/contract/client';
import {
  BackToHome,
  CurrentPaymentStatus,
  HandOff,
  MatchPayment,
  ResultCard,
  TryAnotherMethod,
  WhyItFailed,
} from '../result-page';

export function PaymentFailureRoute() {
  return (
    <ResultCard
      title="Payment Failed"
      message="Unfortunately, your payment could not be processed."
    >
      <MatchPayment page={screenPaths.paymentFailure} />
      <WhyItFailed />
      <CurrentPaymentStatus expected="FAILED" />
      <HandOff payment={screenPaths.paymentFailure} />
      <TryAnotherMethod />
      <BackToHome />
    </ResultCard>
  );
}
