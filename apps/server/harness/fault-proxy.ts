import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What the proxy does to a request that matches:
 * - pass: forwards it and returns the answer;
 * - status500 / status503: answers itself with a bare 5xx (no provider error in the body), as a
 *   load balancer in front of the provider would: the outcome is unknown to the store;
 * - unavailable: answers 503 CHANNEL_UNAVAILABLE as the provider does: a refusal;
 * - refuse: answers 400 as the provider does when it refuses a request for good;
 * - hang: never answers (the store's timeout fires);
 * - reset: closes the connection before forwarding;
 * - drop: forwards it, lets the provider answer, then closes the connection without passing the
 *   answer on: the provider did the work, the store never heard;
 * - hold: keeps it until `release`, then forwards it: a slow network, ordered by the test, for
 *   races between a read sent early and a change made meanwhile.
 */
export type FaultMode =
  | 'pass'
  | 'status500'
  | 'status503'
  | 'unavailable'
  | 'refuse'
  | 'hang'
  | 'reset'
  | 'drop'
  | 'hold';

export interface FaultProxy {
  url: string;
  /** Where requests go; settable after start, since the store must know the proxy's URL first. */
  target: string;
  /** Faults the next `times` matching requests (default: every one until the next call). */
  inject(mode: FaultMode, options?: { times?: number; match?: RequestMatcher }): void;
  /** Requests seen, by "METHOD /path" (query left out). */
  seen: Map<string, number>;
  /** Faults injected so far. */
  faultsInjected: number;
  /** Requests held now, in the order they came. */
  readonly held: number;
  /** Forwards the first `count` held requests (default: all), in the order they came. */
  release(count?: number): void;
  close(): Promise<void>;
}

export type RequestMatcher = (method: string, path: string) => boolean;

/** By default only creates are faulted: reads and verbs pass. */
export const createCalls: RequestMatcher = (method, path) =>
  method === 'POST' && (path === '/v3/payment_requests' || path === '/refunds');

const providerError = (status: number, errorCode: string) =>
  JSON.stringify({ error_code: errorCode, message: `Injected ${status} by the fault proxy` });

/** A small HTTP proxy between the store and the provider simulator, to inject faults. */
export async function startFaultProxy(target = ''): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  let remaining = Infinity;
  let matches: RequestMatcher = createCalls;
  const sockets = new Set<Socket>();
  const held: (() => void)[] = [];

  const proxy: FaultProxy = {
    url: '',
    target,
    seen: new Map(),
    faultsInjected: 0,
    get held() {
      return held.length;
    },
    release(count = held.length) {
      for (const forwardHeld of held.splice(0, count)) forwardHeld();
    },
    inject(next, options = {}) {
      mode = next;
      remaining = options.times ?? Infinity;
      matches = options.match ?? createCalls;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function faultFor(request: IncomingMessage): FaultMode {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const key = `${request.method} ${path}`;
    proxy.seen.set(key, (proxy.seen.get(key) ?? 0) + 1);
    if (mode === 'pass' || remaining <= 0 || !matches(request.method ?? '', path)) return 'pass';
    remaining -= 1;
    proxy.faultsInjected += 1;
    return mode;
  }

  const server = createServer((request, response) => {
    const fault = faultFor(request);
    if (fault === 'status500' || fault === 'status503') {
      request.resume();
      response
        .writeHead(fault === 'status500' ? 500 : 503, { 'content-type': 'text/html' })
        .end('<html><body>Service temporarily unavailable</body></html>');
      return;
    }
    if (fault === 'unavailable' || fault === 'refuse') {
      request.resume();
      const [status, errorCode] =
        fault === 'unavailable' ? [503, 'CHANNEL_UNAVAILABLE'] : [400, 'API_VALIDATION_ERROR'];
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(providerError(status, errorCode));
      return;
    }
    if (fault === 'hang') {
      request.resume();
      return;
    }
    if (fault === 'reset') {
      request.socket.destroy();
      return;
    }
    const send = () => {
      const upstream = forward(
        new URL(request.url ?? '/', proxy.target),
        {
          method: request.method,
          headers: { ...request.headers, host: new URL(proxy.target).host },
        },
        (answer) => {
          if (fault === 'drop') {
            answer.resume();
            answer.on('end', () => request.socket.destroy());
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => request.socket.destroy());
      request.pipe(upstream);
    };
    if (fault === 'hold') held.push(send);
    else send();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  proxy.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return proxy;
}
