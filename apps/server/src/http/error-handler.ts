import type { FastifyError, FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCodes, type ApiErrorBody } from '@store/contract';
import { AppError } from './app-error.ts';
import { RateLimitedError } from './rate-limits.ts';

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = [
    error.validationContext,
    first.instancePath?.replace(/^\//, '').replaceAll('/', '.'),
  ]
    .filter(Boolean)
    .join('.');
  return where ? `${where}: ${first.message ?? 'is invalid'}` : (first.message ?? error.message);
}

/**
 * The router answers these before any handler runs, written to Node's response (no hook has run):
 * they get the one error shape, and the API's security headers as every answer does.
 */
export function rawRouterErrors(securityHeaders: Readonly<Record<string, string>>) {
  const sendRaw = (res: ServerResponse, status: number, body: ApiErrorBody) => {
    res.writeHead(status, {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
    });
    res.end(JSON.stringify(body));
  };
  return {
    maxParamLength: 200,
    onMaxParamLength: (_path: string, _req: unknown, res: ServerResponse) =>
      sendRaw(res, 414, { error_code: 'URI_TOO_LONG', message: 'A path parameter is too long' }),
    onBadUrl: (_path: string, _req: unknown, res: ServerResponse) =>
      sendRaw(res, 400, { error_code: errorCodes.validation, message: 'The URL is malformed' }),
  };
}

/** What Node's parser refused, by its error's code: the status, and the answer's code and words. */
function clientErrorAnswer(code: string | undefined): [number, string, ApiErrorBody] {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return [
      431,
      'Request Header Fields Too Large',
      { error_code: 'HEADERS_TOO_LARGE', message: "The request's headers are too large" },
    ];
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [
      408,
      'Request Timeout',
      { error_code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time' },
    ];
  }
  return [
    400,
    'Bad Request',
    { error_code: errorCodes.validation, message: 'The request is not well-formed HTTP' },
  ];
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (headers over the limit, a
 * malformed request line or chunk, two Content-Lengths, a request too slow to arrive) in the one
 * error shape, with the API's security headers, where Fastify's own handler answers in a shape of
 * its own. The connection is closed after it, as Fastify's handler closes it: the bytes that
 * follow cannot be trusted to frame another request.
 */
export function clientErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Duplex): void => {
    // A connection reset by the client has nothing left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, body] = clientErrorAnswer(error.code);
    const json = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n${headerLines}\r\n${json}`,
      );
    }
    socket.destroy();
  };
}

/** PostgreSQL's class 22 errors: a value the database cannot hold (a NUL byte, say). */
function isDataException(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? String(value.code) : '';
  const cause =
    typeof error === 'object' && error !== null && 'cause' in error ? error.cause : null;
  return /^22/.test(codeOf(error)) || /^22/.test(codeOf(cause));
}

/**
 * The database connection dropped or could not be had (PostgreSQL's class 08 and its shutdown
 * codes, or the driver's own words): the request changed nothing it did not commit, and every
 * create is keyed, so a retry is safe.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== 'object') return false;
    const code = 'code' in current ? String(current.code) : '';
    const message = 'message' in current ? String(current.message) : '';
    if (/^(08|57P0[123])/.test(code)) return true;
    if (
      /Connection terminated|connection (is )?closed|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    current = 'cause' in current ? current.cause : null;
  }
  return false;
}

/** Maps every failure to the one error shape; only unexpected failures answer 500. */
export function registerErrorHandler(
  app: FastifyInstance,
  { spaIndexHtml }: { spaIndexHtml: string | null },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every 429 says when to try again; one not from the store's own limits, after a minute.
    if (error instanceof RateLimitedError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (error.statusCode === 429) {
      reply.header('retry-after', '60');
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (error.validation) {
      const body: ApiErrorBody = {
        error_code: errorCodes.validation,
        message: describeValidation(error),
      };
      return reply.status(400).send(body);
    }
    if (isDataException(error)) {
      const body: ApiErrorBody = {
        error_code: errorCodes.validation,
        message: 'A value in the request cannot be stored (for example a NUL character)',
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = {
        error_code: status === 429 ? errorCodes.rateLimited : (error.code ?? errorCodes.validation),
        message: error.message,
      };
      return reply.status(status).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const body: ApiErrorBody = {
        error_code: 'SERVICE_UNAVAILABLE',
        message:
          'The store cannot reach its database for a moment. Nothing was lost: try again, a retry is safe.',
      };
      return reply.status(503).header('retry-after', '1').send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ApiErrorBody = {
      error_code: errorCodes.internal,
      message: 'An unexpected error occurred',
    };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaIndexHtml && isSpaNavigation(request.method, request.url, request.headers.accept)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(spaIndexHtml);
    }
    const body: ApiErrorBody = {
      error_code: errorCodes.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    };
    return reply.status(404).send(body);
  });
}

/** A browser loading a page of the web app, which a client-side route answers. */
function isSpaNavigation(method: string, url: string, accept: string | undefined): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !url.startsWith('/api/') &&
    !url.startsWith('/images/') &&
    (accept ?? '').includes('text/html')
  );
}
