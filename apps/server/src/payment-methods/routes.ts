import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { clientIdOf, idempotencyKeyOf } from '../http/request-headers.ts';
import type { CardService } from '../cards/card-service.ts';
import type { PaymentMethodService } from './payment-method-service.ts';

export function registerPaymentMethodRoutes(
  app: FastifyInstance,
  {
    paymentMethods,
    cards,
    otpPerMinute,
  }: { paymentMethods: PaymentMethodService; cards: CardService; otpPerMinute: number },
): void {
  registerEndpoint(app, api.createPaymentMethod, async ({ session, body, request }) =>
    paymentMethods.create(session, body, {
      idempotencyKey: idempotencyKeyOf(request),
      clientId: clientIdOf(request),
      linkCard: () => cards.linkCard(session, body, { clientId: clientIdOf(request) }),
    }),
  );
  registerEndpoint(app, api.listPaymentMethods, async ({ session, query }) => ({
    payment_methods: await paymentMethods.list(session, query.with_config === 'true'),
  }));
  registerEndpoint(app, api.getPaymentMethod, async ({ session, params }) =>
    paymentMethods.get(session, params.paymentMethodId),
  );
  registerEndpoint(
    app,
    api.validatePaymentMethodOtp,
    async ({ session, params, body }) =>
      paymentMethods.validateOtp(session, params.paymentMethodId, body.otp_code),
    { perMinute: otpPerMinute },
  );
  registerEndpoint(app, api.cancelPaymentMethod, async ({ session, params }) =>
    paymentMethods.cancel(session, params.paymentMethodId),
  );
}
