import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import { providerCallLimits, subscriptionRunLimit, type RateLimiter } from '../http/rate-limits.ts';
import type { AddressCreateLimit } from '../http/address-creates.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { idempotencyKeyOf } from '../http/request-headers.ts';
import type { SubscriptionService } from './subscription-service.ts';

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  {
    subscriptions,
    limiter,
    limits,
    creates,
  }: {
    subscriptions: SubscriptionService;
    creates: AddressCreateLimit;
    limiter: RateLimiter;
    limits: ServerConfig['rateLimits'];
  },
): void {
  // Each cancel and run calls the provider (a run up to three times).
  const providerCalls = (session: { appId: string; customerId: string }) =>
    limiter.enforce(providerCallLimits(limits, session));

  registerEndpoint(app, api.createSubscription, async ({ session, body, request }) => {
    creates.take(request.ip);
    // A plan is a provider create, recorded under the customer's budget (create-subscription.ts).
    return subscriptions.create(session, body, idempotencyKeyOf(request));
  });
  registerEndpoint(app, api.listSubscriptions, async ({ session, query }) =>
    subscriptions.list(session, query),
  );
  registerEndpoint(app, api.getSubscription, async ({ session, params }) =>
    subscriptions.get(session, params.subscriptionId),
  );
  registerEndpoint(app, api.cancelSubscription, async ({ session, params }) => {
    await providerCalls(session);
    return subscriptions.cancel(session, params.subscriptionId);
  });
  registerEndpoint(app, api.runNextSubscriptionCycle, async ({ session, params }) => {
    await providerCalls(session);
    return subscriptions.runNextCycle(session, params.subscriptionId, (row, step) =>
      limiter.enforce([subscriptionRunLimit(row.id, step)]),
    );
  });
}
