import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorCodes } from '@store/contract/client';
import { isApiError, type ApiError } from './api-client';
import { endSession } from './session';

/**
 * Answers that mean the session is over, whichever call got them (specification section 8). A token
 * the server can no longer verify (UNAUTHORIZED: signed with a secret since replaced, or altered) is
 * as over as an expired one: kept, it left every screen saying "Please sign in again" with no way
 * to sign in. Only as the store's 401: the provider has a CUSTOMER_NOT_FOUND of its own (a 404 for
 * a customer it does not hold), which the store passes on and which says nothing of the session.
 */
export function endsSession(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    error.status === 401 &&
    (error.error_code === errorCodes.tokenExpired ||
      error.error_code === errorCodes.customerNotFound ||
      error.error_code === errorCodes.unauthorized)
  );
}

/** Client errors (4xx, missing token or base URL) will not change on retry; only outages may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== 0 && error.status < 500) return false;
  if (isApiError(error) && error.status === 0 && error.error_code !== 'NETWORK_ERROR') return false;
  return failureCount < 2;
}

/**
 * The app's query client. The end of a session is handled here, once, for every query and
 * mutation: the session is cleared and the guards send the customer to /login, which says why.
 */
export function createQueryClient({ onSessionEnd = endSession } = {}): QueryClient {
  const onError = (error: unknown) => {
    if (endsSession(error)) onSessionEnd(error.error_code);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
