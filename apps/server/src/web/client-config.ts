import { clientConfigGlobalName, type ClientConfig } from '@store/contract';
import type { ServerConfig } from '../config.ts';

export function buildClientConfig(config: ServerConfig): ClientConfig {
  return {
    api_base_url: '/api',
    identity: { script_url: config.identity.scriptUrl, client_id: config.identity.clientId },
    xendit: { cards_session_script_url: config.xenditCardsScriptUrl },
    trace_links: {
      apm_trace_base_url: config.traceLinks.apmTraceBaseUrl,
      log_search_base_url: config.traceLinks.logSearchBaseUrl,
      admin_dashboard_base_url: config.traceLinks.adminDashboardBaseUrl,
    },
    mobile_app_scheme: config.mobileAppScheme,
  };
}

/** The browser reads its run-time configuration from this script, loaded before the app. */
export function renderClientConfigScript(clientConfig: ClientConfig): string {
  return `window.${clientConfigGlobalName} = ${JSON.stringify(clientConfig).replaceAll('<', '\\u003c')};\n`;
}
