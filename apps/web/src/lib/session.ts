import { useSyncExternalStore } from 'react';
import { readSessionClaims, type SessionClaims } from '@store/contract/client';

export const tokenStorageKey = 'token';

export interface Session {
  token: string;
  claims: SessionClaims;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a session token without verifying it: the server verifies on every call,
 * the browser only needs the app id and mode to display and to route.
 * An expired token counts as no session, so the user is sent to sign in again.
 */
export function decodeSessionToken(token: string, now: number = Date.now()): SessionClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(payload));
  } catch {
    return null;
  }
  const claims = readSessionClaims(json);
  if (claims === null) return null;
  if (claims.exp !== undefined && claims.exp * 1000 <= now) return null;
  return claims;
}

/**
 * A value the signed-in customer keeps in this tab (session storage), under a key of their own at
 * their store: what one customer keeps (a chosen voucher, a payment left on the hosted checkout)
 * is not shown to the next one who signs in on the same browser. Signed out, nothing is kept or
 * read.
 */
export function customerTabValue(name: string) {
  const key = () => {
    const claims = getSession()?.claims;
    return claims ? `${name}:${claims.app_id}:${claims.customer_id}` : null;
  };
  return {
    remember(value: string): void {
      const at = key();
      if (at !== null) sessionStorage.setItem(at, value);
    },
    read(): string | null {
      const at = key();
      return at === null ? null : sessionStorage.getItem(at);
    },
    forget(): void {
      const at = key();
      if (at !== null) sessionStorage.removeItem(at);
    },
  };
}

export function getToken(): string | null {
  return localStorage.getItem(tokenStorageKey);
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/**
 * Whether the session ended in this tab: Sign Out, or the store saying the session is over. Both go
 * to /login, as specified; a session ended elsewhere (another tab) lets the guards decide.
 */
let endedHere = false;
/** The store's error code when it ended the session here, for the sign-in page to say why. */
let endedBecause: string | null = null;

export function setToken(token: string): void {
  endedHere = false;
  endedBecause = null;
  localStorage.setItem(tokenStorageKey, token);
  notify();
}

function removeToken(): void {
  localStorage.removeItem(tokenStorageKey);
  notify();
}

export function clearSession(): void {
  endedBecause = null;
  removeToken();
}

/**
 * Ends the session in this tab; the guards then send the customer to /login. `because` is the
 * store's error code when the store ended it (none for Sign Out).
 */
export function endSession(because: string | null = null): void {
  endedHere = true;
  endedBecause = because;
  removeToken();
}

export const sessionEndedHere = () => endedHere;
export const sessionEndedBecause = () => endedBecause;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === tokenStorageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cached: { token: string | null; session: Session | null } = { token: null, session: null };

/** The current session, or null when signed out; stable between calls while the token is unchanged. */
export function getSession(): Session | null {
  const token = getToken();
  if (token !== cached.token) {
    const claims = token === null ? null : decodeSessionToken(token);
    cached = { token, session: token !== null && claims !== null ? { token, claims } : null };
    // A session signed in since (in another tab too) is not the one whose end was explained.
    if (cached.session !== null) endedBecause = null;
  }
  return cached.session;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}
