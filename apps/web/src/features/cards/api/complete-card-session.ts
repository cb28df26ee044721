import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A PAY session: attach the payment request the script made; answers the payment. */
export function completeCardSession({
  sessionId,
  paymentRequestId,
}: {
  sessionId: string;
  paymentRequestId: string;
}) {
  return callApi('completeCardSession', {
    params: { sessionId },
    body: { payment_request_id: paymentRequestId },
  });
}

export function useCompleteCardSession() {
  return useMutation({ mutationFn: completeCardSession });
}

/** A SAVE session: attach the payment token the script made; answers the payment method. */
export function completeCardSaveSession({
  sessionId,
  paymentTokenId,
}: {
  sessionId: string;
  paymentTokenId: string;
}) {
  return callApi('completeCardSaveSession', {
    params: { sessionId },
    body: { payment_token_id: paymentTokenId },
  });
}

export function useCompleteCardSaveSession() {
  return useMutation({ mutationFn: completeCardSaveSession });
}
