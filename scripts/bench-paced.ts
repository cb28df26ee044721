/**
 * An open-loop load at a fixed rate: one request every 1/rate s, each sent at its time whether or
 * not the earlier ones have been answered, and its latency counted from that time.
 *
 * autocannon's `overallRate` is not that: each connection sends its share of a second's requests
 * back to back as soon as the second starts, then waits for the next one (`reqsMadeThisSecond` in
 * its lib/httpClient.js), so "100/s on 10 connections" is a burst of 100 requests at a concurrency of
 * 10 every second, whose latency is the full-speed latency at 10 connections. Counting from the
 * planned time (not the time a request could be sent) keeps a stall from hiding the requests it
 * delays (coordinated omission).
 */
import { Agent, request } from 'node:http';

export type PacedRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Headers of each request's own (an Idempotency-Key). */
  perRequestHeaders?: () => Record<string, string>;
  /** Whether a 2xx answer's body is the answer measured; one it refuses counts as failed. */
  verifyBody?: (body: string) => boolean;
};

export type PacedResult = {
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests answered per second over the run. */
  rate: number;
};

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] as number;
}

export async function pacedLoad(
  url: string,
  options: { rate: number; seconds: number; request: PacedRequest },
): Promise<PacedResult> {
  const target = new URL(url);
  // Enough sockets that a slow answer never holds back the next planned request.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1_000 / options.rate;
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();

  const send = (planned: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        if (ok) latencies.push(performance.now() - planned);
        else failed++;
        resolve();
      };
      const { body } = options.request;
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: options.request.method,
          path: options.request.path,
          headers: {
            ...options.request.headers,
            ...options.request.perRequestHeaders?.(),
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          const { verifyBody } = options.request;
          const chunks: Buffer[] = [];
          if (verifyBody) res.on('data', (chunk: Buffer) => chunks.push(chunk));
          else res.resume();
          res.on('end', () =>
            settle(
              res.statusCode !== undefined &&
                res.statusCode < 300 &&
                (!verifyBody || verifyBody(Buffer.concat(chunks).toString('utf8'))),
            ),
          );
          // An answer cut off part way never ends: it only closes.
          res.on('close', () => settle(false));
        },
      );
      req.on('error', () => settle(false));
      req.end(body);
    });

  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const planned = start + i * interval;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(planned));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1_000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: total,
    ok: sorted.length,
    failed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    rate: sorted.length / elapsed,
  };
}
