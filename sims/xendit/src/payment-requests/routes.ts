import {
  createPaymentRequestBodySchema,
  otpBodySchema,
  simulatePaymentBodySchema,
} from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { ApiError, parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import { idempotentPlanned, type PlannedCreate } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import {
  cancelPaymentRequest,
  loadPaymentRequest,
  paymentRequestInserts,
  payPresentedCode,
  planPaymentRequest,
  preparePaymentRequestWrite,
  resendPaymentRequestOtp,
  settle,
  validatePaymentRequestOtp,
} from './service.ts';

export function registerPaymentRequestRoutes(app: FastifyInstance, ctx: SimContext) {
  const writePaymentRequest = preparePaymentRequestWrite(ctx.db);

  app.post('/v3/payment_requests', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(createPaymentRequestBodySchema, request.body);
    const result = await idempotentPlanned(
      ctx,
      principal,
      request,
      'payment_requests',
      async (db): Promise<PlannedCreate> => {
        const plan = await planPaymentRequest(ctx, db, principal, body);
        const { paymentRequest, internal, immediate } = plan;
        // Settled at once: changed again in the transaction that inserts it.
        if (immediate) {
          return {
            statusCode: 201,
            body: paymentRequest,
            complete: {
              inserts: paymentRequestInserts(db, principal, plan),
              run: (tx) =>
                settle(ctx, tx, principal, { data: paymentRequest, internal }, immediate),
            },
          };
        }
        return {
          statusCode: 201,
          body: paymentRequest,
          write: (key) => writePaymentRequest(principal, plan, key),
        };
      },
    );
    return answer(reply, result.statusCode, result.body);
  });

  app.get<IdParams>('/v3/payment_requests/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(
      reply,
      200,
      (await loadPaymentRequest(ctx.db, principal, request.params.id)).data,
    );
  });

  app.post<IdParams>('/v3/payment_requests/:id/cancel', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const paymentRequest = await ctx.transaction((tx) =>
      cancelPaymentRequest(tx, principal, request.params.id),
    );
    return answer(reply, 200, paymentRequest);
  });

  app.post<IdParams>('/v3/payment_requests/:id/validate_otp', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const { otp_code } = parseBody(otpBodySchema, request.body);
    const result = await ctx.transaction((tx) =>
      validatePaymentRequestOtp(ctx, tx, principal, request.params.id, otp_code),
    );
    if (result.error) throw result.error;
    return answer(reply, 200, result.data);
  });

  app.post<IdParams>('/v3/payment_requests/:id/resend_otp', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const paymentRequest = await resendPaymentRequestOtp(ctx.db, principal, request.params.id);
    return answer(reply, 200, paymentRequest);
  });

  app.post<IdParams>('/v3/payment_requests/:id/simulate', async (request, reply) => {
    const principal = authenticate(ctx, request);
    if (principal.mode === 'live') {
      throw new ApiError(
        403,
        'INVALID_MERCHANT_SETTINGS',
        'Payments can be simulated in test mode only; this is a live key',
      );
    }
    // The description's SimulatePayment body has amount without making it required: without it,
    // the request's own amount is paid.
    const { amount } = parseBody(simulatePaymentBodySchema.partial(), request.body);
    await ctx.transaction((tx) => payPresentedCode(ctx, tx, principal, request.params.id, amount));
    return answer(reply, 200, {
      status: 'PENDING',
      message:
        'A simulated payment for the specified payment request id is being processed. You will be informed of the result via a webhook.',
    });
  });
}
