import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import { providerCallLimits, type RateLimiter } from '../http/rate-limits.ts';
import type { AddressCreateLimit } from '../http/address-creates.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { clientIdOf, idempotencyKeyOf } from '../http/request-headers.ts';
import type { CardLinker, PaymentMethodService } from './payment-method-service.ts';

export function registerPaymentMethodRoutes(
  app: FastifyInstance,
  {
    paymentMethods,
    cards,
    limiter,
    limits,
    creates,
  }: {
    paymentMethods: PaymentMethodService;
    cards: { linkCard: CardLinker };
    limiter: RateLimiter;
    limits: ServerConfig['rateLimits'];
    creates: AddressCreateLimit;
  },
): void {
  registerEndpoint(app, api.createPaymentMethod, async ({ session, body, request }) => {
    creates.take(request.ip);
    const options = { idempotencyKey: idempotencyKeyOf(request), clientId: clientIdOf(request) };
    // A link is a provider create, under the customer's budget (recorded under it, link-method.ts).
    return paymentMethods.create(session, body, {
      ...options,
      linkCard: () => cards.linkCard(session, body, options),
    });
  });
  // The hosted checkout's SAVE session is a provider create too, recorded under the same budget.
  registerEndpoint(
    app,
    api.createCheckoutSessionPaymentMethod,
    async ({ session, body, request }) => {
      creates.take(request.ip);
      const options = { idempotencyKey: idempotencyKeyOf(request), clientId: clientIdOf(request) };
      return paymentMethods.linkOnCheckout(session, body, options);
    },
  );
  registerEndpoint(app, api.listPaymentMethods, async ({ session, query }) =>
    paymentMethods.list(session, {
      withConfig: query.with_config === 'true',
      activeOnly: query.status === 'ACTIVE',
      cursor: query.cursor,
      limit: query.limit,
    }),
  );
  registerEndpoint(app, api.getPaymentMethod, async ({ session, params }) =>
    paymentMethods.get(session, params.paymentMethodId),
  );
  // OTP tries count per verified customer and, on their own method, per method, whatever client
  // sends them: a try at another customer's method (404) spends none of the owner's tries.
  registerEndpoint(app, api.validatePaymentMethodOtp, async ({ session, params, body }) => {
    const own = await paymentMethods.owns(session, params.paymentMethodId);
    await limiter.enforce([
      { key: `otp:customer:${session.customerId}`, max: limits.otpPerMinute, windowSeconds: 60 },
      ...(own
        ? [
            {
              key: `otp:method:${params.paymentMethodId}`,
              max: limits.otpPerMinute,
              windowSeconds: 60,
            },
          ]
        : []),
    ]);
    return paymentMethods.validateOtp(session, params.paymentMethodId, body.otp_code);
  });
  // Unlinking is a provider call.
  registerEndpoint(app, api.cancelPaymentMethod, async ({ session, params }) => {
    await limiter.enforce(providerCallLimits(limits, session));
    return paymentMethods.cancel(session, params.paymentMethodId);
  });
}
