import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Owner } from './accounts.ts';
import { z } from 'zod';
import { ApiError, isUnstorable, parseBody } from './api-error.ts';
import {
  idempotencyKeys,
  providerObjects,
  scheduledJobs,
  webhookAttempts,
  webhookEvents,
} from './db/schema.ts';
import { answer } from './http.ts';
import { expirePaymentRequest, loadPaymentRequest, settle } from './payment-requests/service.ts';
import { loadToken, moveToken } from './payment-tokens/service.ts';
import { expirePayment } from './payments/service.ts';
import { endRefund } from './refunds/service.ts';
import { expireSession } from './sessions/service.ts';
import type { SimContext } from './sim-context.ts';
import { pendingWebhookCount } from './worker.ts';

const listQuerySchema = z.object({
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const paymentRequestsQuerySchema = z.object({
  reference_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

const outcomeBodySchema = z.object({
  status: z.enum(['SUCCEEDED', 'FAILED', 'EXPIRED']),
  failure_code: z.string().min(1).max(100).optional(),
});
const refundOutcomeBodySchema = z.object({ status: z.enum(['SUCCEEDED', 'FAILED']) });
const tokenOutcomeBodySchema = z.object({
  status: z.enum(['ACTIVE', 'FAILED', 'EXPIRED']),
  failure_code: z.string().min(1).max(100).optional(),
});

/**
 * Development endpoints under /_sim. Except health, each needs the account's test secret key (as
 * Basic auth, like the API) and acts on that account's test-mode data only: live-mode objects and
 * webhooks are never shown, changed or reset here (save live sessions expired on demand, when the
 * simulator was started with expireLiveSessions).
 */
export function registerSimRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  options: { expireLiveSessions: boolean } = { expireLiveSessions: false },
) {
  const testOwner = (request: FastifyRequest): Owner => {
    const principal = ctx.keyring.authenticate(request.headers.authorization, 'secret');
    if (principal.mode !== 'test') {
      throw new ApiError(
        403,
        'INVALID_MERCHANT_SETTINGS',
        'Development endpoints take the test secret key and act on test-mode data only',
      );
    }
    return { businessId: principal.businessId, mode: 'test' };
  };

  app.get('/_sim/health', async (_request, reply) => {
    const [pending] = await pendingWebhookCount(ctx);
    return answer(reply, 200, { status: 'ok', pending_webhooks: pending?.count ?? 0 });
  });

  app.get('/_sim/webhooks', async (request, reply) => {
    const owner = testOwner(request);
    const query = parseBody(listQuerySchema, request.query);
    const filters = [
      eq(webhookEvents.businessId, owner.businessId),
      eq(webhookEvents.mode, 'test'),
      query.status ? eq(webhookEvents.status, query.status) : undefined,
    ].filter((filter) => filter !== undefined);
    const events = await ctx.db
      .select()
      .from(webhookEvents)
      .where(and(...filters))
      .orderBy(desc(webhookEvents.createdAt))
      .limit(query.limit);
    const attempts = events.length
      ? await ctx.db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.eventId,
              events.map((event) => event.id),
            ),
          )
          .orderBy(webhookAttempts.id)
      : [];
    return answer(reply, 200, {
      data: events.map((event) => ({
        id: event.id,
        event: event.event,
        business_id: event.businessId,
        mode: event.mode,
        status: event.status,
        created: event.createdAt.toISOString(),
        next_attempt_at: event.status === 'PENDING' ? event.nextAttemptAt.toISOString() : null,
        delivered_at: event.deliveredAt?.toISOString() ?? null,
        payload: event.payload,
        attempts: attempts
          .filter((attempt) => attempt.eventId === event.id)
          .map((attempt) => ({
            attempted_at: attempt.attemptedAt.toISOString(),
            url: attempt.url,
            response_status: attempt.responseStatus,
            error: attempt.error,
            duration_ms: attempt.durationMs,
          })),
      })),
    });
  });

  // The provider's own record of what it accepted, so tests can compare it with the merchant's.
  app.get('/_sim/payment_requests', async (request, reply) => {
    const owner = testOwner(request);
    const query = parseBody(paymentRequestsQuerySchema, request.query);
    const rows = await ctx.db
      .select({ data: providerObjects.data })
      .from(providerObjects)
      .where(
        and(
          eq(providerObjects.kind, 'payment_request'),
          eq(providerObjects.businessId, owner.businessId),
          eq(providerObjects.mode, 'test'),
          query.reference_id
            ? sql`${providerObjects.data}->>'reference_id' = ${query.reference_id}`
            : undefined,
        ),
      )
      .orderBy(desc(providerObjects.createdAt))
      .limit(query.limit);
    return answer(reply, 200, {
      data: rows.map(({ data }) => ({
        payment_request_id: data.payment_request_id,
        reference_id: data.reference_id,
        status: data.status,
        request_amount: data.request_amount,
        customer_id: data.customer_id ?? null,
        created: data.created,
      })),
    });
  });

  app.post<{ Params: { id: string } }>('/_sim/webhooks/:id/resend', async (request, reply) => {
    const owner = testOwner(request);
    // An id no event can have (see loadObject) is asked of nobody: PostgreSQL would fail on it.
    const [event] = isUnstorable(request.params.id)
      ? []
      : await ctx.transaction((tx) =>
          tx
            .update(webhookEvents)
            .set({ status: 'PENDING', retries: 0, nextAttemptAt: new Date(), deliveredAt: null })
            .where(
              and(
                eq(webhookEvents.id, request.params.id),
                eq(webhookEvents.businessId, owner.businessId),
                eq(webhookEvents.mode, 'test'),
              ),
            )
            .returning({ id: webhookEvents.id }),
        );
    if (!event) {
      throw new ApiError(404, 'DATA_NOT_FOUND', `No webhook event ${request.params.id}`);
    }
    return answer(reply, 202, { id: event.id, status: 'PENDING' });
  });

  // Ends a test-mode payment request as the customer or the channel would, with its webhook: for
  // outcomes no test value reaches (an e-wallet failing, a code expiring now).
  app.post<{ Params: { id: string } }>(
    '/_sim/payment_requests/:id/outcome',
    async (request, reply) => {
      const owner = testOwner(request);
      const body = parseBody(outcomeBodySchema, request.body);
      const ended = await ctx.transaction(async (tx) => {
        if (body.status === 'EXPIRED') return expirePaymentRequest(tx, owner, request.params.id);
        const stored = await loadPaymentRequest(tx, owner, request.params.id, true);
        return settle(
          ctx,
          tx,
          owner,
          stored,
          body.status === 'FAILED'
            ? { status: 'FAILED', failureCode: body.failure_code ?? 'USER_DECLINED_PAYMENT' }
            : { status: 'SUCCEEDED' },
        );
      });
      return answer(reply, 200, ended);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/_sim/payment_tokens/:id/outcome',
    async (request, reply) => {
      const owner = testOwner(request);
      const body = parseBody(tokenOutcomeBodySchema, request.body);
      const token = await ctx.transaction(async (tx) =>
        moveToken(
          tx,
          owner,
          await loadToken(tx, owner, request.params.id, true),
          body.status,
          body.status === 'ACTIVE' ? undefined : (body.failure_code ?? 'USER_DECLINED_PAYMENT'),
        ),
      );
      return answer(reply, 200, token);
    },
  );

  app.post<{ Params: { id: string } }>('/_sim/refunds/:id/outcome', async (request, reply) => {
    const owner = testOwner(request);
    const body = parseBody(refundOutcomeBodySchema, request.body);
    const refund = await ctx.transaction((tx) =>
      endRefund(tx, owner, request.params.id, body.status),
    );
    return answer(reply, 200, refund);
  });

  // An authorisation nobody captured: EXPIRED now, with payment.expiry.
  app.post<{ Params: { id: string } }>('/_sim/payments/:id/expire', async (request, reply) => {
    const owner = testOwner(request);
    const payment = await ctx.transaction((tx) => expirePayment(tx, owner, request.params.id));
    return answer(reply, 200, payment);
  });

  // Time passing ends a session in either mode; with the switch on, a live key may hurry it.
  app.post<{ Params: { id: string } }>('/_sim/sessions/:id/expire', async (request, reply) => {
    const principal = ctx.keyring.authenticate(request.headers.authorization, 'secret');
    const owner: Owner =
      options.expireLiveSessions && principal.mode === 'live'
        ? { businessId: principal.businessId, mode: 'live' }
        : testOwner(request);
    const session = await ctx.transaction((tx) => expireSession(tx, owner, request.params.id));
    return answer(reply, 200, session);
  });

  app.post('/_sim/reset', async (request, reply) => {
    const owner = testOwner(request).businessId;
    await ctx.transaction(async (tx) => {
      await tx
        .delete(providerObjects)
        .where(and(eq(providerObjects.businessId, owner), eq(providerObjects.mode, 'test')));
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.businessId, owner), eq(idempotencyKeys.mode, 'test')));
      await tx
        .delete(scheduledJobs)
        .where(and(eq(scheduledJobs.businessId, owner), eq(scheduledJobs.mode, 'test')));
      await tx
        .delete(webhookEvents)
        .where(and(eq(webhookEvents.businessId, owner), eq(webhookEvents.mode, 'test')));
    });
    return answer(reply, 200, { business_id: owner, mode: 'test', reset: true });
  });
}
