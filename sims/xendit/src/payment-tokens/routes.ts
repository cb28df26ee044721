import { createPaymentTokenBodySchema, otpBodySchema } from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import {
  createPaymentToken,
  loadToken,
  moveToken,
  resendTokenOtp,
  validateTokenOtp,
} from './service.ts';

export function registerPaymentTokenRoutes(app: FastifyInstance, ctx: SimContext) {
  app.post('/v3/payment_tokens', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(createPaymentTokenBodySchema, request.body);
    const result = await idempotent(ctx, principal, request, 'payment_tokens', async (tx) => ({
      statusCode: 201,
      body: await createPaymentToken(ctx, tx, principal, body),
    }));
    return answer(reply, result.statusCode, result.body);
  });

  app.get<IdParams>('/v3/payment_tokens/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, (await loadToken(ctx.db, principal, request.params.id)).data);
  });

  app.post<IdParams>('/v3/payment_tokens/:id/cancel', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const token = await ctx.transaction(async (tx) =>
      moveToken(tx, principal, await loadToken(tx, principal, request.params.id, true), 'CANCELED'),
    );
    return answer(reply, 200, token);
  });

  app.post<IdParams>('/v3/payment_tokens/:id/validate_otp', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const { otp_code } = parseBody(otpBodySchema, request.body);
    const result = await ctx.transaction((tx) =>
      validateTokenOtp(tx, principal, request.params.id, otp_code),
    );
    if (result.error) throw result.error;
    return answer(reply, 200, result.data);
  });

  app.post<IdParams>('/v3/payment_tokens/:id/resend_otp', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await resendTokenOtp(ctx.db, principal, request.params.id));
  });
}
