import { useQueryClient } from '@tanstack/react-query';
import { clearSession, endSession } from '@/lib/session';
import { logout } from '../api/logout';

/**
 * Signs the customer out: on the server (not waited for; the token is read as the call starts,
 * before the browser forgets it), in this tab, and from the query cache, where nothing of theirs
 * may stay for whoever signs in next. `then`: 'login' lets the guards send the customer to /login
 * (Sign Out); 'elsewhere' leaves the way on to the caller (another store's sign-in).
 */
export function useSignOut(): (then: 'login' | 'elsewhere') => void {
  const queryClient = useQueryClient();
  return (then) => {
    void logout().catch(() => undefined);
    if (then === 'login') endSession();
    else clearSession();
    queryClient.clear();
  };
}
