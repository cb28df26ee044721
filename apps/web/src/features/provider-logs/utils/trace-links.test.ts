import { describe, expect, it } from 'vitest';
import { buildTraceLinks, dashboardMode } from './trace-links';

const bases = {
  apm_trace_base_url: 'https://apm.test/apm/traces',
  log_search_base_url: 'https://logs.test/logs',
  admin_dashboard_base_url: 'https://dashboard.test/logs',
};
const date = 'Mon, 23 Nov 2026 04:05:09 GMT';
const at = Date.parse(date);

function params(url: string) {
  return Object.fromEntries(new URL(url).searchParams);
}

describe('buildTraceLinks', () => {
  const links = buildTraceLinks(
    { headers: { 'request-id': 'req-123', date } },
    'development',
    bases,
  );

  it('queries the APM trace by request id', () => {
    expect(links?.apmTrace.startsWith('https://apm.test/apm/traces?')).toBe(true);
    expect(params(links?.apmTrace ?? '')).toEqual({ query: 'request_id:req-123' });
  });

  it('searches logs from the date minus 5 s to the date plus 5 s', () => {
    expect(params(links?.logSearch ?? '')).toEqual({
      query: 'request_id:req-123',
      from_ts: String(at - 5000),
      to_ts: String(at + 5000),
    });
  });

  it('opens the admin dashboard in Test mode for development and Live for live', () => {
    expect(params(links?.adminDashboard ?? '')).toEqual({ request_id: 'req-123', mode: 'Test' });
    const live = buildTraceLinks({ headers: { 'Request-Id': 'req-9', date } }, 'live', bases);
    expect(params(live?.adminDashboard ?? '')).toEqual({ request_id: 'req-9', mode: 'Live' });
    expect(dashboardMode('live')).toBe('Live');
    expect(dashboardMode('development')).toBe('Test');
  });

  it('leaves the window out when the date is missing, and gives nothing without a request id', () => {
    const noDate = buildTraceLinks({ headers: { 'request-id': 'r' } }, 'live', bases);
    expect(params(noDate?.logSearch ?? '')).toEqual({ query: 'request_id:r' });
    expect(buildTraceLinks({ headers: { date } }, 'live', bases)).toBeNull();
  });

  it('keeps query parameters a base address already has', () => {
    const withQuery = buildTraceLinks({ headers: { 'request-id': 'r', date } }, 'live', {
      ...bases,
      admin_dashboard_base_url: 'https://dashboard.test/logs?env=x',
    });
    expect(params(withQuery?.adminDashboard ?? '')).toEqual({
      env: 'x',
      request_id: 'r',
      mode: 'Live',
    });
  });
});
