import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { clientIdOf, idempotencyKeyOf } from '../http/request-headers.ts';
import { channelsFor } from './channels.ts';
import type { PaymentService } from './payment-service.ts';

export function registerPaymentRoutes(
  app: FastifyInstance,
  { payments, otpPerMinute }: { payments: PaymentService; otpPerMinute: number },
): void {
  registerEndpoint(app, api.listChannels, async ({ session }) => {
    const { app: tenant, customer } = await payments.loadContext(session);
    return { channels: channelsFor(tenant, customer) };
  });

  registerEndpoint(app, api.createPayment, async ({ session, body, request }) =>
    payments.create(session, body, {
      idempotencyKey: idempotencyKeyOf(request),
      clientId: clientIdOf(request),
    }),
  );
  registerEndpoint(app, api.listPayments, async ({ session, query }) =>
    payments.list(session, query),
  );
  registerEndpoint(app, api.getPayment, async ({ session, params }) =>
    payments.get(session, params.paymentId),
  );
  registerEndpoint(
    app,
    api.validatePaymentOtp,
    async ({ session, params, body }) =>
      payments.runVerb(session, params.paymentId, 'validate_otp', body),
    { perMinute: otpPerMinute },
  );
  registerEndpoint(app, api.resendPaymentOtp, async ({ session, params }) =>
    payments.runVerb(session, params.paymentId, 'resend_otp'),
  );
  registerEndpoint(app, api.cancelPayment, async ({ session, params }) =>
    payments.runVerb(session, params.paymentId, 'cancel'),
  );
  registerEndpoint(app, api.simulatePayment, async ({ session, params }) =>
    payments.runVerb(session, params.paymentId, 'simulate'),
  );
}
