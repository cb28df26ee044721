import { screenPaths } from '@store/contract/client';
import { BackToHome, HandOff, MatchPaymentMethod, ResultCard } from '../result-page';

export function LinkingSuccessRoute() {
  return (
    <ResultCard
      title="Linking Successful!"
      message="Your payment method has been successfully linked."
    >
      <MatchPaymentMethod page={screenPaths.linkingSuccess} />
      <HandOff />
      <BackToHome />
    </ResultCard>
  );
}
