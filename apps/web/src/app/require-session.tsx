import { Navigate, Outlet, useParams } from 'react-router';
import { guardRedirect } from '@/lib/auth-guard';
import { useSession, sessionEndedHere } from '@/lib/session';

/** Wraps the protected screens: without a stored session the user is sent to sign in. */
export function RequireSession() {
  const session = useSession();
  const { appId } = useParams();
  const target = guardRedirect({
    signedIn: session !== null,
    appId,
    signedOut: sessionEndedHere(),
  });
  return target === null ? <Outlet /> : <Navigate to={target} replace />;
}
