import { screenPaths } from '@store/contract/client';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/lib/session';

/** /login, /{appId}/login and /login/{appId}. */
export function LoginRoute() {
  const { appId } = useParams();
  const session = useSession();
  const navigate = useNavigate();

  // A link built from a missing app id; treat it as no app id at all.
  if (appId === 'undefined') return <Navigate to={screenPaths.login} replace />;
  if (session) return <Navigate to={`/${encodeURIComponent(session.claims.app_id)}`} replace />;

  return (
    <LoginForm
      key={appId ?? ''}
      routeAppId={appId}
      onSignedIn={(signedInAppId) =>
        navigate(`/${encodeURIComponent(signedInAppId)}`, { replace: true })
      }
    />
  );
}
