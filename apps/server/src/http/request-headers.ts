import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The create calls' Idempotency-Key header, if the client sent one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = headerValue(request, 'idempotency-key');
  if (key !== undefined && !/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) {
    throw new AppError(
      400,
      'API_VALIDATION_ERROR',
      'Idempotency-Key must be 8 to 128 letters, digits or _.:-',
    );
  }
  return key;
}

/** Who is paying or linking decides where the provider sends the customer back (web or an app). */
export function clientIdOf(request: FastifyRequest): string {
  const clientId = headerValue(request, 'x-client-id') ?? 'web';
  return /^[a-z0-9_-]{1,32}$/i.test(clientId) ? clientId : 'web';
}
