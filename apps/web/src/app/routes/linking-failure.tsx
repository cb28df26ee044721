import { screenPaths } from '@store/contract/client';
import {
  AwaitLinking,
  ContinueSubscribing,
  HandOff,
  LinkingResultActions,
  MatchPaymentMethod,
  ResultCard,
} from '../result-page';

export function LinkingFailureRoute() {
  // While the method is still being linked, the page says so instead of a result.
  return (
    <AwaitLinking page={screenPaths.linkingFailure}>
      <ResultCard title="Linking Failed." message="Your payment method could not be linked.">
        <MatchPaymentMethod page={screenPaths.linkingFailure} />
        <HandOff />
        <ContinueSubscribing label="Back to subscribing" />
        <LinkingResultActions />
      </ResultCard>
    </AwaitLinking>
  );
}
