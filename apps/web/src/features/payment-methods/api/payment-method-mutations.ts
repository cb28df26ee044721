import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCheckoutSessionPaymentMethodRequest,
  CreatePaymentMethodRequest,
  PaymentMethod,
} from '@store/contract/client';
import { callApi } from '@/lib/api-client';

/** POST /payment_methods; the reference id doubles as the attempt's Idempotency-Key. */
export function createPaymentMethod(body: CreatePaymentMethodRequest) {
  return callApi('createPaymentMethod', {
    body,
    headers: { 'Idempotency-Key': `link-${body.reference_id}` },
  });
}

export function useCreatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] }),
  });
}

/** POST /payment_methods/checkout_session: the method, saved on the provider's hosted checkout. */
export function createCheckoutSessionPaymentMethod(
  body: CreateCheckoutSessionPaymentMethodRequest,
) {
  return callApi('createCheckoutSessionPaymentMethod', {
    body,
    headers: { 'Idempotency-Key': `checkout-${body.reference_id}` },
  });
}

export function useCreateCheckoutSessionPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckoutSessionPaymentMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] }),
  });
}

export function cancelPaymentMethod(paymentMethodId: string) {
  return callApi('cancelPaymentMethod', { params: { paymentMethodId } });
}

/** Unlink: the method's new status (CANCELED) replaces it in every cached list. */
export function useCancelPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPaymentMethod,
    onSuccess: (canceled) => {
      queryClient.setQueriesData<{ payment_methods: PaymentMethod[] }>(
        { queryKey: ['payment-methods', 'list'] },
        (data) =>
          data && {
            payment_methods: data.payment_methods.map((method) =>
              method.id === canceled.id ? { ...method, ...canceled } : method,
            ),
          },
      );
      void queryClient.invalidateQueries({ queryKey: ['payment-methods', 'detail', canceled.id] });
    },
  });
}

export function validatePaymentMethodOtp({
  paymentMethodId,
  otpCode,
}: {
  paymentMethodId: string;
  otpCode: string;
}) {
  return callApi('validatePaymentMethodOtp', {
    params: { paymentMethodId },
    body: { otp_code: otpCode },
  });
}

export function useValidatePaymentMethodOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validatePaymentMethodOtp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] }),
  });
}
