import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { ServerConfig } from '../config.ts';
import { providerCallLimits, type Limit, type RateLimiter } from '../http/rate-limits.ts';
import type { AddressCreateLimit } from '../http/address-creates.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { clientIdOf, idempotencyKeyOf } from '../http/request-headers.ts';
import { channelsFor } from './channels.ts';
import { encodePayment, encodePaymentPage } from './payment-json.ts';
import type { PaymentService } from './payment-service.ts';

export function registerPaymentRoutes(
  app: FastifyInstance,
  {
    payments,
    limiter,
    limits,
    creates,
  }: {
    payments: PaymentService;
    limiter: RateLimiter;
    limits: ServerConfig['rateLimits'];
    creates: AddressCreateLimit;
  },
): void {
  /**
   * OTP tries count per verified customer and, on their own payment, per payment, whatever client
   * sends them. A try at another customer's payment (answered 404) counts against the sender
   * only: it must not spend the owner's tries or text messages.
   */
  const otpLimits = async (
    session: { appId: string; customerId: string },
    paymentId: string,
    ofOwnPayment: (paymentId: string) => Limit[] = () => [],
  ): Promise<Limit[]> => [
    { key: `otp:customer:${session.customerId}`, max: limits.otpPerMinute, windowSeconds: 60 },
    ...((await payments.ownsPayment(session, paymentId))
      ? [
          { key: `otp:payment:${paymentId}`, max: limits.otpPerMinute, windowSeconds: 60 },
          ...ofOwnPayment(paymentId),
        ]
      : []),
  ];

  registerEndpoint(app, api.listChannels, async ({ session }) => {
    const { app: tenant, customer } = await session.tenant();
    return { channels: channelsFor(tenant, customer) };
  });

  // Creates per customer are limited inside the create, on the payments it already read; per
  // address, before it.
  registerEndpoint(
    app,
    api.createPayment,
    async ({ session, body, request }) => {
      creates.take(request.ip);
      return payments.create(session, body, {
        idempotencyKey: idempotencyKeyOf(request),
        clientId: clientIdOf(request),
      });
    },
    { encode: encodePayment },
  );
  registerEndpoint(app, api.createCheckoutSessionPayment, async ({ session, body, request }) => {
    creates.take(request.ip);
    return payments.createOnCheckout(session, body, {
      idempotencyKey: idempotencyKeyOf(request),
      clientId: clientIdOf(request),
    });
  });
  registerEndpoint(
    app,
    api.listPayments,
    async ({ session, query }) => payments.list(session, query),
    { encode: encodePaymentPage },
  );
  registerEndpoint(app, api.getPayment, async ({ session, params }) =>
    payments.get(session, params.paymentId),
  );
  registerEndpoint(app, api.validatePaymentOtp, async ({ session, params, body }) => {
    await limiter.enforce(await otpLimits(session, params.paymentId));
    return payments.runVerb(session, params.paymentId, 'validate_otp', body);
  });
  // Each resend is a text message the provider sends: a few per payment in ten minutes.
  registerEndpoint(app, api.resendPaymentOtp, async ({ session, params }) => {
    await limiter.enforce(
      await otpLimits(session, params.paymentId, (paymentId) => [
        {
          key: `resend:payment:${paymentId}`,
          max: limits.otpResendsPer10Minutes,
          windowSeconds: 600,
        },
      ]),
    );
    return payments.runVerb(session, params.paymentId, 'resend_otp');
  });
  // Each cancel and simulate is a provider call, whatever the payment's status.
  registerEndpoint(app, api.cancelPayment, async ({ session, params }) => {
    await limiter.enforce(providerCallLimits(limits, session));
    return payments.runVerb(session, params.paymentId, 'cancel');
  });
  registerEndpoint(app, api.simulatePayment, async ({ session, params }) => {
    await limiter.enforce(providerCallLimits(limits, session));
    return payments.runVerb(session, params.paymentId, 'simulate');
  });
}
