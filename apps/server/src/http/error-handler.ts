import type { FastifyError, FastifyInstance } from 'fastify';
import { errorCodes, type ApiErrorBody } from '@store/contract';
import { AppError } from './app-error.ts';
import { isSpaNavigation } from '../web/static.ts';

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

/** Maps every failure to the one error shape; only unexpected failures answer 500. */
export function registerErrorHandler(
  app: FastifyInstance,
  { spaIndexHtml }: { spaIndexHtml: string | null },
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = {
        error_code: status === 429 ? errorCodes.rateLimited : (error.code ?? errorCodes.validation),
        message: error.message,
      };
      return reply.status(status).send(body);
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
