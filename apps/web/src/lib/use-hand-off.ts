import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
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
 * On a success or failure page: hands the result back to a mobile app, once per page. Answers the
 * address of the Return to the app button, when the page was reached in a mobile browser flow.
 */
export function useHandOff(): string | null {
  const [search] = useSearchParams();
  const location = useLocation();
  const done = useRef(false);
  const path = location.pathname + location.search;

  useEffect(() => {
    if (done.current) return;
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

  return returnToAppUrl({
    userAgent: navigator.userAgent,
    params: parseHandOffParams(search),
    path,
    scheme: appScheme(),
  });
}
