import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type BodyOf } from '@store/contract';
import { callApi } from '@/lib/api-client';
import { getCustomerQueryOptions } from './get-customer';

export type UpdateCustomerInput = BodyOf<typeof api.updateCurrentCustomer>;

export function updateCustomer(body: UpdateCustomerInput) {
  return callApi(api.updateCurrentCustomer, { body });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(getCustomerQueryOptions().queryKey, customer);
    },
  });
}
