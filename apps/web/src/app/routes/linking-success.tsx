import { screenPaths } from '@store/contract/client';
import {
  AwaitLinking,
  ContinueSubscribing,
  HandOff,
  LinkingResultActions,
  MatchPaymentMethod,
  ResultCard,
} from '../result-page';

export function LinkingSuccessRoute() {
  // While the method is still being linked, the page says so instead of a result.
  return (
    <AwaitLinking page={screenPaths.linkingSuccess}>
      <ResultCard
        title="Linking Successful!"
        message="Your payment method has been successfully linked."
      >
        <MatchPaymentMethod page={screenPaths.linkingSuccess} />
        <HandOff />
        <ContinueSubscribing />
        <LinkingResultActions />
      </ResultCard>
    </AwaitLinking>
  );
}
