import { capturePaymentBodySchema } from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import type { SimContext } from '../sim-context.ts';
import { cancelPayment, capturePayment, loadPayment } from './service.ts';

export function registerPaymentRoutes(app: FastifyInstance, ctx: SimContext) {
  app.get<IdParams>('/v3/payments/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await loadPayment(ctx.db, principal, request.params.id));
  });

  app.post<IdParams>('/v3/payments/:id/capture', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const { capture_amount } = parseBody(capturePaymentBodySchema, request.body);
    const payment = await ctx.transaction((tx) =>
      capturePayment(tx, principal, request.params.id, capture_amount),
    );
    return answer(reply, 200, payment);
  });

  app.post<IdParams>('/v3/payments/:id/cancel', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const payment = await ctx.transaction((tx) => cancelPayment(tx, principal, request.params.id));
    return answer(reply, 200, payment);
  });
}
