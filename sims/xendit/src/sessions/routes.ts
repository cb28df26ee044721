import { createSessionBodySchema, paymentWithSessionBodySchema } from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import { cancelSession, createSession, loadSession, payWithSession } from './service.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: SimContext) {
  app.post('/sessions', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(createSessionBodySchema, request.body);
    const result = await idempotent(ctx, principal, request, 'sessions', async (tx) => ({
      statusCode: 201,
      body: await createSession(ctx, tx, principal, body),
    }));
    return answer(reply, result.statusCode, result.body);
  });

  app.get<IdParams>('/sessions/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, (await loadSession(ctx.db, principal, request.params.id)).data);
  });

  app.post<IdParams>('/sessions/:id/cancel', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const session = await ctx.transaction((tx) => cancelSession(tx, principal, request.params.id));
    return answer(reply, 200, session);
  });

  // Called from the customer's browser by the cards-session script, with the public key.
  app.post('/v3/payment_with_session', async (request, reply) => {
    const principal = authenticate(ctx, request, 'public');
    const body = parseBody(paymentWithSessionBodySchema, request.body);
    const result = await ctx.transaction((tx) => payWithSession(ctx, tx, principal, body));
    if (result.error) throw result.error;
    return answer(reply, 200, result.data);
  });
}
