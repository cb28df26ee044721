import { screenPath, screenPaths } from '@store/contract/client';

export interface GuardInput {
  /** Whether a usable session token is stored. */
  signedIn: boolean;
  /** The app id of the current route, when the route has one. */
  appId: string | undefined;
  /** Whether the customer just signed out (Sign Out always ends on /login). */
  signedOut?: boolean;
}

/**
 * Where a protected screen sends the user, or null to show it. The specification issues the
 * /login redirect and then the /{appId}/login one, and the second wins, so an app id in the route
 * always decides the target.
 */
export function guardRedirect({ signedIn, appId, signedOut = false }: GuardInput): string | null {
  if (signedIn) return null;
  return appId && !signedOut ? screenPath('appLogin', { appId }) : screenPaths.login;
}
