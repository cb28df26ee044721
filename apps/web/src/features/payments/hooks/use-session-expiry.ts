import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { screenPaths, errorCodes } from '@store/contract/client';
import { isApiError } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/** TOKEN_EXPIRED_ERROR on the payments lists ends the session (specification section 8). */
export function useSessionExpiry(error: unknown): boolean {
  const navigate = useNavigate();
  const expired = isApiError(error) && error.error_code === errorCodes.tokenExpired;
  useEffect(() => {
    if (expired) {
      clearSession();
      navigate(screenPaths.login, { replace: true });
    }
  }, [expired, navigate]);
  return expired;
}
