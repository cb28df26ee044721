import { useMutation } from '@tanstack/react-query';
import { api, type CreatePaymentRequest } from '@store/contract';
import { callApi } from '@/lib/api-client';

export interface CreatePaymentInput {
  body: CreatePaymentRequest;
  /** One key per checkout attempt, so a double click or retry makes one payment. */
  idempotencyKey: string;
}

export function createPayment({ body, idempotencyKey }: CreatePaymentInput) {
  return callApi(api.createPayment, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
