import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentRequest } from '@store/contract/client';
import { callApi } from '@/lib/api-client';

export interface CreatePaymentInput {
  body: CreatePaymentRequest;
  /** One key per checkout attempt, so a double click or retry makes one payment. */
  idempotencyKey: string;
}

export function createPayment({ body, idempotencyKey }: CreatePaymentInput) {
  return callApi('createPayment', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
