import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateSubscriptionRequest, Subscription } from '@store/contract/client';
import { callApi } from '@/lib/api-client';
import { getSubscriptionQueryOptions } from './get-subscription';

/** A changed subscription makes the store read it (with its cycles) and the list again. */
function storeSubscription(queryClient: QueryClient, subscription: Subscription) {
  void queryClient.invalidateQueries({
    queryKey: getSubscriptionQueryOptions(subscription.id).queryKey,
  });
  void queryClient.invalidateQueries({ queryKey: ['subscriptions', 'list'] });
}

export interface CreateSubscriptionInput {
  body: CreateSubscriptionRequest;
  /** One key per subscribe attempt, so a double click or a retry makes one subscription. */
  idempotencyKey: string;
}

export function createSubscription({ body, idempotencyKey }: CreateSubscriptionInput) {
  return callApi('createSubscription', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: (subscription) => storeSubscription(queryClient, subscription),
  });
}

export function cancelSubscription(subscriptionId: string) {
  return callApi('cancelSubscription', { params: { subscriptionId } });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => storeSubscription(queryClient, subscription),
  });
}

export function runNextSubscriptionCycle(subscriptionId: string) {
  return callApi('runNextSubscriptionCycle', { params: { subscriptionId } });
}

export function useRunNextSubscriptionCycle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runNextSubscriptionCycle,
    onSuccess: (subscription) => storeSubscription(queryClient, subscription),
  });
}
