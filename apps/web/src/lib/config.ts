import {
  clientConfigGlobalName,
  readClientConfig,
  type ClientConfig,
} from '@store/contract/client';

/** The object the server's /config.js assigns before the bundle runs. */
function rawConfig(): unknown {
  return (window as unknown as Record<string, unknown>)[clientConfigGlobalName];
}

/** The API base address alone, so a partial configuration still reports the precise problem. */
export function getApiBaseUrl(): string | null {
  const raw = rawConfig();
  if (typeof raw !== 'object' || raw === null) return null;
  const base = (raw as { api_base_url?: unknown }).api_base_url;
  return typeof base === 'string' && base.length > 0 ? base : null;
}

export function getClientConfig(): ClientConfig {
  const config = readClientConfig(rawConfig());
  if (config === null) {
    throw new Error(`The store configuration (/config.js) is missing or invalid`);
  }
  return config;
}
