import type { AppMode, ClientConfig } from '@store/contract/client';

/** Half the log search window around the provider's answer (specification section 9). */
export const traceWindowMs = 5_000;

export interface TraceLinks {
  apmTrace: string;
  logSearch: string;
  adminDashboard: string;
}

function withParams(base: string, params: Record<string, string>): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return `${base}?${new URLSearchParams(params).toString()}`;
  }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The admin dashboard names development data Test and live data Live. */
export function dashboardMode(mode: AppMode): 'Live' | 'Test' {
  return mode === 'live' ? 'Live' : 'Test';
}

/**
 * Links from one provider answer to the tools that trace it, built from its request-id and date
 * headers: the APM trace of the request id, the log search from date - 5 s to date + 5 s (epoch
 * milliseconds), and the admin dashboard's log query in Live or Test mode. Null without a request id.
 */
export function buildTraceLinks(
  response: { headers: Record<string, string> },
  mode: AppMode,
  bases: ClientConfig['trace_links'],
): TraceLinks | null {
  const header = (name: string) =>
    Object.entries(response.headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const requestId = header('request-id');
  if (!requestId) return null;
  const query = `request_id:${requestId}`;
  const at = Date.parse(header('date') ?? '');
  const window: Record<string, string> = Number.isNaN(at)
    ? {}
    : { from_ts: String(at - traceWindowMs), to_ts: String(at + traceWindowMs) };
  return {
    apmTrace: withParams(bases.apm_trace_base_url, { query }),
    logSearch: withParams(bases.log_search_base_url, { query, ...window }),
    adminDashboard: withParams(bases.admin_dashboard_base_url, {
      request_id: requestId,
      mode: dashboardMode(mode),
    }),
  };
}
