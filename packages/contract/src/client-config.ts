import { isRecord, isString } from './checks.ts';

/**
 * What the browser needs to know at run time. The server serves it as /config.js, so the same build
 * runs against the simulators or the real providers.
 */
export interface ClientConfig {
  api_base_url: string;
  identity: {
    /** Google Identity Services' script, or the identity simulator's copy of its interface. */
    script_url: string;
    client_id: string;
  };
  xendit: { cards_session_script_url: string };
  trace_links: {
    apm_trace_base_url: string;
    log_search_base_url: string;
    admin_dashboard_base_url: string;
  };
  mobile_app_scheme: string;
}

export const clientConfigGlobalName = '__STORE_CONFIG__';

/** The configuration /config.js assigned, or null when it is missing or not a ClientConfig. */
export function readClientConfig(value: unknown): ClientConfig | null {
  if (!isRecord(value)) return null;
  const { api_base_url, identity, xendit, trace_links, mobile_app_scheme } = value;
  if (!isString(api_base_url) || api_base_url.length === 0 || !isString(mobile_app_scheme)) {
    return null;
  }
  if (!isRecord(identity) || !isString(identity.script_url) || !isString(identity.client_id)) {
    return null;
  }
  if (!isRecord(xendit) || !isString(xendit.cards_session_script_url)) return null;
  if (
    !isRecord(trace_links) ||
    !isString(trace_links.apm_trace_base_url) ||
    !isString(trace_links.log_search_base_url) ||
    !isString(trace_links.admin_dashboard_base_url)
  ) {
    return null;
  }
  return {
    api_base_url,
    identity: { script_url: identity.script_url, client_id: identity.client_id },
    xendit: { cards_session_script_url: xendit.cards_session_script_url },
    trace_links: {
      apm_trace_base_url: trace_links.apm_trace_base_url,
      log_search_base_url: trace_links.log_search_base_url,
      admin_dashboard_base_url: trace_links.admin_dashboard_base_url,
    },
    mobile_app_scheme,
  };
}
