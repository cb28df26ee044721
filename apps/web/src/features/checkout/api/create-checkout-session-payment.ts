import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutSessionPaymentRequest } from '@store/contract/client';
import { callApi } from '@/lib/api-client';

export interface CreateCheckoutSessionPaymentInput {
  body: CreateCheckoutSessionPaymentRequest;
  /** One key per checkout attempt, so a double click or retry opens one hosted checkout. */
  idempotencyKey: string;
}

/** POST /payments/checkout_session: the payment, whose action is the provider's hosted checkout. */
export function createCheckoutSessionPayment({
  body,
  idempotencyKey,
}: CreateCheckoutSessionPaymentInput) {
  return callApi('createCheckoutSessionPayment', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateCheckoutSessionPayment() {
  return useMutation({ mutationFn: createCheckoutSessionPayment });
}
