import { screenPaths } from '@store/contract/client';
import { Navigate, Outlet, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { guardRedirect } from '@/lib/auth-guard';
import { useSession, sessionEndedHere } from '@/lib/session';
import { StoreNotFound, useStoreLookup } from './store-not-found';

/**
 * Wraps the protected screens: without a stored session the user is sent to sign in; to the
 * store's own sign-in when the address names a store, once the store is known to exist.
 */
export function RequireSession() {
  const session = useSession();
  const { appId } = useParams();
  const target = guardRedirect({
    signedIn: session !== null,
    appId,
    signedOut: sessionEndedHere(),
  });
  if (target === null) return <Outlet />;
  if (appId && target !== screenPaths.login) return <SignInToStore appId={appId} target={target} />;
  return <Navigate to={target} replace />;
}

/** A mistyped store address gets a page that says so, not the sign-in of a store that is not. */
function SignInToStore({ appId, target }: { appId: string; target: string }) {
  const store = useStoreLookup(appId);
  if (store === 'checking') return <PageLoader />;
  if (store === 'missing') return <StoreNotFound appId={appId} exists={false} />;
  return <Navigate to={target} replace />;
}
