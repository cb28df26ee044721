import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { clientIdOf } from '../http/request-headers.ts';
import type { CardService } from './card-service.ts';

export function registerCardRoutes(app: FastifyInstance, { cards }: { cards: CardService }): void {
  registerEndpoint(app, api.getCardSession, async ({ session }) => cards.current(session));
  registerEndpoint(app, api.createCardPayment, async ({ session, body, request }) =>
    cards.createPayment(session, body, { clientId: clientIdOf(request) }),
  );
  registerEndpoint(app, api.completeCardSession, async ({ session, params, body }) =>
    cards.complete(session, params.sessionId, body.payment_request_id),
  );
  registerEndpoint(app, api.completeCardSaveSession, async ({ session, params, body }) =>
    cards.completeSave(session, params.sessionId, body.payment_token_id),
  );
}
