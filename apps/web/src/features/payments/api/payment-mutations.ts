import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Payment } from '@store/contract/client';
import { callApi } from '@/lib/api-client';
import { getPaymentQueryOptions } from './get-payment';

/**
 * A changed payment makes the store read it and the lists again (mutations answer without the
 * provider operations the logs drawer shows, so the answer alone cannot replace the cached one).
 */
function storePayment(queryClient: QueryClient, payment: Payment) {
  void queryClient.invalidateQueries({ queryKey: getPaymentQueryOptions(payment.id).queryKey });
  void queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
}

export function cancelPayment(paymentId: string) {
  return callApi('cancelPayment', { params: { paymentId } });
}

export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: (payment) => storePayment(queryClient, payment),
  });
}

export function simulatePayment(paymentId: string) {
  return callApi('simulatePayment', { params: { paymentId } });
}

export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePayment,
    onSuccess: (payment) => storePayment(queryClient, payment),
  });
}

export function validatePaymentOtp({ paymentId, otpCode }: { paymentId: string; otpCode: string }) {
  return callApi('validatePaymentOtp', { params: { paymentId }, body: { otp_code: otpCode } });
}

export function useValidatePaymentOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validatePaymentOtp,
    onSuccess: (payment) => storePayment(queryClient, payment),
  });
}

export function resendPaymentOtp(paymentId: string) {
  return callApi('resendPaymentOtp', { params: { paymentId } });
}

export function useResendPaymentOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendPaymentOtp,
    onSuccess: (payment) => storePayment(queryClient, payment),
  });
}
