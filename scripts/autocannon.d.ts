declare module 'autocannon' {
  export interface Histogram {
    average: number;
    p99: number;
    p50: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    /** Answers by status code, e.g. statusCodeStats["304"].count. */
    statusCodeStats: Record<string, { count: number }>;
    errors: number;
    /** Answers `verifyBody` refused. */
    mismatches: number;
    duration: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Request[];
    /** Whether an answer's body is the one expected; those it refuses count as mismatches. */
    verifyBody?: (body: string) => boolean;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
