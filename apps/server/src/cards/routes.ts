import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import { providerCallLimits, type RateLimiter } from '../http/rate-limits.ts';
import type { AddressCreateLimit } from '../http/address-creates.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { clientIdOf } from '../http/request-headers.ts';
import type { CardService } from './card-service.ts';

export function registerCardRoutes(
  app: FastifyInstance,
  {
    cards,
    limiter,
    limits,
    creates,
  }: {
    cards: CardService;
    limiter: RateLimiter;
    limits: ServerConfig['rateLimits'];
    creates: AddressCreateLimit;
  },
): void {
  registerEndpoint(app, api.getCardSession, async ({ session }) => cards.current(session));
  registerEndpoint(app, api.createCardPayment, async ({ session, body, request }) => {
    creates.take(request.ip);
    return cards.createPayment(session, body, { clientId: clientIdOf(request) });
  });
  // A completion reads the session and its request or token from the provider, each time it is sent.
  registerEndpoint(app, api.completeCardSession, async ({ session, params, body }) => {
    await limiter.enforce(providerCallLimits(limits, session));
    return cards.complete(session, params.sessionId, body.payment_request_id);
  });
  registerEndpoint(app, api.completeCardSaveSession, async ({ session, params, body }) => {
    await limiter.enforce(providerCallLimits(limits, session));
    return cards.completeSave(session, params.sessionId, body.payment_token_id);
  });
}
