import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { getClientConfig } from './config';
import { decideHandOff, findBridge, parseHandOffParams, returnToAppUrl } from './hand-off';

function appScheme(): string {
  try {
    return getClientConfig().mobile_app_scheme;
  } catch {
    return '';
  }
}

/**
 * On a success or failure page: hands the result back to a mobile app, once per page, once the
 * page knows it (`path`: the result page with the ids it owns; null while it is being read).
 * Answers the address of the Return to the app button, when the page was reached in a mobile
 * browser flow and knows its result.
 */
export function useHandOff(path: string | null): string | null {
  const [search] = useSearchParams();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || path === null) return;
    done.current = true;
    const bridge = findBridge();
    const decision = decideHandOff({
      userAgent: navigator.userAgent,
      params: parseHandOffParams(search),
      bridge: bridge?.name ?? null,
      path,
      scheme: appScheme(),
    });
    if (decision.kind === 'bridge') bridge?.post(decision.message);
    else if (decision.kind === 'scheme') window.location.assign(decision.url);
  }, [search, path]);

  if (path === null) return null;
  return returnToAppUrl({
    userAgent: navigator.userAgent,
    params: parseHandOffParams(search),
    path,
    scheme: appScheme(),
  });
}
