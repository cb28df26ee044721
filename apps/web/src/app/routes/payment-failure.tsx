import { screenPaths } from '@store/contract/client';
import {
  AwaitPayment,
  BackToHome,
  CurrentPaymentStatus,
  HandOff,
  ResultCard,
  TryAnotherMethod,
  WhyItFailed,
} from '../result-page';

export function PaymentFailureRoute() {
  return (
    <AwaitPayment page={screenPaths.paymentFailure}>
      <ResultCard
        title="Payment Failed"
        message="Unfortunately, your payment could not be processed."
      >
        <WhyItFailed />
        <CurrentPaymentStatus expected="FAILED" />
        <HandOff payment={screenPaths.paymentFailure} />
        <TryAnotherMethod />
        <BackToHome />
      </ResultCard>
    </AwaitPayment>
  );
}
