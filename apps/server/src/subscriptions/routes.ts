import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import type { CreateBudget } from '../http/create-budget.ts';
import type { RateLimiter } from '../http/rate-limits.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { idempotencyKeyOf } from '../http/request-headers.ts';
import type { SubscriptionService } from './subscription-service.ts';

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  {
    subscriptions,
    budget,
    limiter,
    limits,
  }: {
    subscriptions: SubscriptionService;
    budget: CreateBudget;
    limiter: RateLimiter;
    limits: ServerConfig['rateLimits'];
  },
): void {
  /**
   * Cancelling and running a cycle call the provider (up to three calls a run) on the merchant's
   * key: counted per customer, so one customer's loop cannot spend the app's calls, and per app.
   * A figure of 0 (no provider reads for payments) cannot stop a customer from cancelling: it sets
   * no limit here.
   */
  const providerCalls = (session: { customerId: string; appId: string }) =>
    limiter.enforce(
      [
        {
          key: `subscription-call:customer:${session.customerId}`,
          max: limits.providerReadsPerCustomerPerMinute,
          windowSeconds: 60,
        },
        {
          key: `subscription-call:app:${session.appId}`,
          max: limits.providerReadsPerAppPerMinute,
          windowSeconds: 60,
        },
      ].filter((limit) => limit.max > 0),
    );

  registerEndpoint(app, api.createSubscription, async ({ session, body, request }) => {
    const key = idempotencyKeyOf(request);
    // A plan is a provider create, under the customer's budget; its retry under the same key is not.
    await budget.enforce(
      session,
      async () =>
        key !== undefined &&
        (await subscriptions.keyHolder(session.appId, session.customerId, key)) !== undefined,
    );
    return subscriptions.create(session, body, key);
  });
  registerEndpoint(app, api.listSubscriptions, async ({ session }) => ({
    subscriptions: await subscriptions.list(session),
  }));
  registerEndpoint(app, api.getSubscription, async ({ session, params }) =>
    subscriptions.get(session, params.subscriptionId),
  );
  registerEndpoint(app, api.cancelSubscription, async ({ session, params }) => {
    await providerCalls(session);
    return subscriptions.cancel(session, params.subscriptionId);
  });
  registerEndpoint(app, api.runNextSubscriptionCycle, async ({ session, params }) => {
    await providerCalls(session);
    return subscriptions.runNextCycle(session, params.subscriptionId);
  });
}
