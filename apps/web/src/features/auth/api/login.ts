import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Api, BodyOf } from '@store/contract/client';
import { callApi } from '@/lib/api-client';
import { setToken } from '@/lib/session';

export type LoginInput = BodyOf<Api['login']>;

export function login(body: LoginInput) {
  return callApi('login', { body });
}

/** Exchanges a credential for a session token and stores it. */
export function useLogin({ onSuccess }: { onSuccess?: (input: LoginInput) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token }, input) => {
      // Nothing cached for a previous customer may be shown to this one.
      queryClient.clear();
      setToken(token);
      onSuccess?.(input);
    },
  });
}
