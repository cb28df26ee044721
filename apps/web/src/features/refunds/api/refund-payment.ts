import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /payments/{id}/refund with the order line ids to refund. */
export function refundPayment({ paymentId, orders }: { paymentId: string; orders: string[] }) {
  return callApi('refundPayment', { params: { paymentId }, body: { orders } });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}
