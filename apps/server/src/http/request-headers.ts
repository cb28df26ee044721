import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The keys the store gives the payments it records for a subscription cycle's charges: the
 * provider's doing, not a customer's create, so the budget of creates does not count them
 * (migration 0020). A customer's key may not begin so: it would make a payment the budget never
 * counts, or take the key a cycle's charge will need.
 */
export const cycleChargeKeyPrefix = 'cycle:';

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
  if (key?.startsWith(cycleChargeKeyPrefix)) {
    throw new AppError(
      400,
      'API_VALIDATION_ERROR',
      `Idempotency-Key may not begin with ${cycleChargeKeyPrefix}, which the store keeps for the charges of subscription cycles`,
    );
  }
  return key;
}

/** Who is paying or linking decides where the provider sends the customer back (web or an app). */
export function clientIdOf(request: FastifyRequest): string {
  const clientId = headerValue(request, 'x-client-id') ?? 'web';
  return /^[a-z0-9_-]{1,32}$/i.test(clientId) ? clientId : 'web';
}
