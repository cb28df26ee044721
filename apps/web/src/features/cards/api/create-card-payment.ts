import { useMutation } from '@tanstack/react-query';
import type { CreateCardPaymentRequest } from '@store/contract/client';
import { callApi } from '@/lib/api-client';

/** POST /payments/cards: the store payment and a PAY card session for the provider's script. */
export function createCardPayment(body: CreateCardPaymentRequest) {
  return callApi('createCardPayment', { body });
}

export function useCreateCardPayment() {
  return useMutation({ mutationFn: createCardPayment });
}
