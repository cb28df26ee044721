import http from 'node:http';
import https from 'node:https';

/** One request to the provider as the client sends it, and its answer as text. */
export type TransportRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  timeoutMs: number;
};
export type TransportResponse = { status: number; headers: Record<string, string>; text: string };
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** The request ran past its time; the client reports it as TIMEOUT. */
export class TransportTimeout extends Error {
  override readonly name = 'TimeoutError';
}

// Connections are kept open between calls: a new connection per call costs both ends more than
// the call itself.
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * Requests with node:http(s) over kept-alive connections: about a quarter of the CPU of fetch per
 * call, which goes through web streams and an AbortSignal timer.
 */
export const httpTransport: Transport = ({ method, url, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(target, {
      method,
      agent: agents[secure ? 'https:' : 'http:'],
      headers,
    });
    // Set on the request, not spread into a copy of the headers with it: V8 (Node 20) adds a key
    // after a spread on a slow path, about a microsecond a call.
    if (body !== undefined) request.setHeader('content-length', Buffer.byteLength(body));
    const timer = setTimeout(() => {
      const timeout = new TransportTimeout(
        `no answer to ${method} ${target.pathname} within ${timeoutMs} ms`,
      );
      request.destroy(timeout);
      reject(timeout);
    }, timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      response.on('end', () => {
        clearTimeout(timer);
        const answerHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined)
            answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          status: response.statusCode ?? 0,
          headers: answerHeaders,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    request.end(body);
  });

/** Requests through a fetch function (tests pass one that answers without a network). */
export function fetchTransport(fetchImpl: typeof globalThis.fetch): Transport {
  return async ({ method, url, headers, body, timeoutMs }) => {
    const response = await fetchImpl(url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      text: await response.text(),
    };
  };
}
