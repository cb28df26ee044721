import { createRefundBodySchema } from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import { cancelRefund, createRefund, getRefund, listRefunds, type RefundQuery } from './service.ts';

export function registerRefundRoutes(app: FastifyInstance, ctx: SimContext) {
  app.post('/refunds', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(createRefundBodySchema, request.body);
    const result = await idempotent(ctx, principal, request, 'refunds', async (tx) => ({
      statusCode: 200,
      body: await createRefund(ctx, tx, principal, body),
    }));
    return answer(reply, result.statusCode, result.body);
  });

  app.get<IdParams>('/refunds/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await getRefund(ctx.db, principal, request.params.id));
  });

  app.get<{ Querystring: RefundQuery }>('/refunds', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await listRefunds(ctx.db, principal, request.query));
  });

  app.post<IdParams>('/refunds/:id/cancel', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const refund = await ctx.transaction((tx) => cancelRefund(tx, principal, request.params.id));
    return answer(reply, 200, refund);
  });
}
