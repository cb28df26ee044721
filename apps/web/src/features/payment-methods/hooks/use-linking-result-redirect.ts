import {
  isMethodAwaitingProvider,
  screenPaths,
  type LinkingResultScreen,
  type PaymentMethodStatus,
} from '@store/contract/client';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { usePaymentMethod } from '../api/get-payment-method';

/**
 * The linking result page a method's status settles on: success once ACTIVE; failure once FAILED,
 * EXPIRED or CANCELED, or for a method the customer does not have (NOT_FOUND); none while the
 * provider has still to say (PENDING, REQUIRES_ACTION).
 */
export function linkingOutcomePage(
  status: PaymentMethodStatus | 'NOT_FOUND',
): LinkingResultScreen | null {
  if (status === 'ACTIVE') return screenPaths.linkingSuccess;
  return status === 'NOT_FOUND' ||
    status === 'FAILED' ||
    status === 'EXPIRED' ||
    status === 'CANCELED'
    ? screenPaths.linkingFailure
    : null;
}

/**
 * A linking result page reached for a method (`payment_method_id`) reads it and goes to the page
 * matching its status: an ACTIVE method has been linked, a FAILED, EXPIRED or CANCELED one, or
 * one this customer does not have, has not. Returns whether the method is still being linked
 * (PENDING or REQUIRES_ACTION): the provider has not said yet, so neither page is true; it is
 * read again until it settles.
 */
export function useLinkingResultRedirect(page: LinkingResultScreen, signedIn: boolean): boolean {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const methodId = search.get('payment_method_id') ?? '';
  const method = usePaymentMethod(methodId, { enabled: signedIn, poll: true });
  const status = method.data?.status;
  const missing = isApiError(method.error) && method.error.status === 404;
  useEffect(() => {
    const known = missing ? 'NOT_FOUND' : status;
    const target = known === undefined ? null : linkingOutcomePage(known);
    if (target && target !== page) navigate(`${target}${location.search}`, { replace: true });
  }, [status, missing, page, navigate, location.search]);
  return isMethodAwaitingProvider(status);
}
