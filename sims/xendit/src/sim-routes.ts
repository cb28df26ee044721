import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError, parseBody } from './api-error.ts';
import {
  idempotencyKeys,
  providerObjects,
  scheduledJobs,
  webhookAttempts,
  webhookEvents,
} from './db/schema.ts';
import { answer } from './http.ts';
import type { SimContext } from './sim-context.ts';
import { pendingWebhookCount } from './worker.ts';

const listQuerySchema = z.object({
  business_id: z.string().optional(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const paymentRequestsQuerySchema = z.object({
  business_id: z.string().min(1),
  reference_id: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

const resetBodySchema = z.object({ business_id: z.string().min(1).optional() }).optional();

/**
 * Development endpoints under /_sim, without a provider key. They act on test-mode data only: the
 * webhook log and resend cover every event, but reset never deletes live-mode objects.
 */
export function registerSimRoutes(app: FastifyInstance, ctx: SimContext) {
  app.get('/_sim/health', async (_request, reply) => {
    const [pending] = await pendingWebhookCount(ctx);
    return answer(reply, 200, { status: 'ok', pending_webhooks: pending?.count ?? 0 });
  });

  app.get('/_sim/webhooks', async (request, reply) => {
    const query = parseBody(listQuerySchema, request.query);
    const filters = [
      query.business_id ? eq(webhookEvents.businessId, query.business_id) : undefined,
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
    const query = parseBody(paymentRequestsQuerySchema, request.query);
    const rows = await ctx.db
      .select({ data: providerObjects.data })
      .from(providerObjects)
      .where(
        and(
          eq(providerObjects.kind, 'payment_request'),
          eq(providerObjects.businessId, query.business_id),
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
        created: data.created,
      })),
    });
  });

  app.post<{ Params: { id: string } }>('/_sim/webhooks/:id/resend', async (request, reply) => {
    const [event] = await ctx.transaction((tx) =>
      tx
        .update(webhookEvents)
        .set({ status: 'PENDING', retries: 0, nextAttemptAt: new Date(), deliveredAt: null })
        .where(eq(webhookEvents.id, request.params.id))
        .returning({ id: webhookEvents.id }),
    );
    if (!event) {
      throw new ApiError(404, 'DATA_NOT_FOUND', `No webhook event ${request.params.id}`);
    }
    return answer(reply, 202, { id: event.id, status: 'PENDING' });
  });

  app.post('/_sim/reset', async (request, reply) => {
    const body = parseBody(resetBodySchema, request.body);
    let businessId = body?.business_id;
    if (businessId === undefined) {
      const principal = ctx.keyring.authenticate(request.headers.authorization, 'secret');
      if (principal.mode === 'live') {
        throw new ApiError(403, 'INVALID_MERCHANT_SETTINGS', 'Live-mode data cannot be reset');
      }
      businessId = principal.businessId;
    }
    if (!ctx.keyring.account(businessId)) {
      throw new ApiError(404, 'DATA_NOT_FOUND', `No account ${businessId}`);
    }
    const owner = businessId;
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
