import { createRefundBodySchema } from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../api-error.ts';
import { answer, authenticate } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import { createRefund } from './service.ts';

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
}
