import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  Api,
  CreateCheckoutSessionPaymentMethodRequest,
  CreatePaymentMethodRequest,
  ResponseOf,
} from '@store/contract/client';
import { callApi } from '@/lib/api-client';
import { activePaymentMethodsKey, paymentMethodsKey } from './get-payment-methods';

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

/**
 * Unlink: the method's new status (CANCELED) replaces it in the list's pages at once; checkout's
 * list, which holds only methods that can pay, is read again without it. The store cancels the
 * subscriptions the method paid first, so they are read again too; after a failure as well, since
 * some may have ended before it, and the list then reads what the method still pays.
 */
export function useCancelPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPaymentMethod,
    onSuccess: (canceled) => {
      queryClient.setQueryData<InfiniteData<ResponseOf<Api['listPaymentMethods']>>>(
        paymentMethodsKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              payment_methods: page.payment_methods.map((method) =>
                method.id === canceled.id ? { ...method, ...canceled } : method,
              ),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: activePaymentMethodsKey });
      void queryClient.invalidateQueries({ queryKey: ['payment-methods', 'detail', canceled.id] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
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
