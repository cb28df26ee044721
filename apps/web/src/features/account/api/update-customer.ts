import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Api, BodyOf } from '@store/contract/client';
import { callApi } from '@/lib/api-client';
import { getCustomerQueryOptions } from './get-customer';

export type UpdateCustomerInput = BodyOf<Api['updateCurrentCustomer']>;

export function updateCustomer(body: UpdateCustomerInput) {
  return callApi('updateCurrentCustomer', { body });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: async (customer) => {
      const { queryKey } = getCustomerQueryOptions();
      // A read on its way was answered before the save: its record would replace the saved one.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, customer);
    },
  });
}
