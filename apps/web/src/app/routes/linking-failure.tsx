import { screenPaths } from '@store/contract/client';
import { BackToHome, HandOff, MatchPaymentMethod, ResultCard } from '../result-page';

export function LinkingFailureRoute() {
  return (
    <ResultCard title="Linking Failed." message="Your payment method could not be linked.">
      <MatchPaymentMethod page={screenPaths.linkingFailure} />
      <HandOff />
      <BackToHome />
    </ResultCard>
  );
}
