import { z } from 'zod';

/**
 * What the browser needs to know at run time. The server serves it as /config.js, so the same build
 * runs against the simulators or the real providers.
 */
export const clientConfigSchema = z.object({
  api_base_url: z.string().min(1),
  identity: z.object({
    /** Google Identity Services' script, or the identity simulator's copy of its interface. */
    script_url: z.string(),
    client_id: z.string(),
  }),
  xendit: z.object({
    cards_session_script_url: z.string(),
  }),
  trace_links: z.object({
    apm_trace_base_url: z.string(),
    log_search_base_url: z.string(),
    admin_dashboard_base_url: z.string(),
  }),
  mobile_app_scheme: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientConfigGlobalName = '__STORE_CONFIG__';
