import { lazy, Suspense } from 'react';
import { screenPaths } from '@store/contract/client';
import { Navigate, Outlet, useParams } from 'react-router';
import { guardRedirect } from '@/lib/auth-guard';
import { useSession, sessionEndedHere } from '@/lib/session';

// Loaded only for a signed-out visit to a store's address, so the first route stays small.
const SignInToStore = lazy(async () => ({
  default: (await import('./store-not-found')).SignInToStore,
}));

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
  if (appId && target !== screenPaths.login) {
    return (
      <Suspense fallback={null}>
        <SignInToStore appId={appId} target={target} />
      </Suspense>
    );
  }
  return <Navigate to={target} replace />;
}
