import { callApi } from '@/lib/api-client';

/**
 * Ends the session on the server too, so that a copy of the token (another tab, a stolen one) is
 * refused from now on. Sign Out does not wait for it: the browser forgets the token either way.
 */
export function logout() {
  return callApi('logout');
}

/** Ends every session of the customer, on every device. */
export function logoutEverywhere() {
  return callApi('logoutEverywhere');
}
