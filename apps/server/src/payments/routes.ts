import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { api } from '@store/contract';
import type { Database } from '../db/database.ts';
import { apps, customers } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import { channelsFor } from './channels.ts';
import type { PaymentService } from './payment-service.ts';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = headerValue(request, 'idempotency-key');
  if (key !== undefined && !/^[A-Za-z0-9_.:-]{8,128}$/.test(key)) {
    throw new AppError(
      400,
      'API_VALIDATION_ERROR',
      'Idempotency-Key must be 8 to 128 letters, digits or _.:-',
    );
  }
  return key;
}

/** Who is paying decides where the provider sends the customer back (web or a mobile app). */
function clientIdOf(request: FastifyRequest): string {
  const clientId = headerValue(request, 'x-client-id') ?? 'web';
  return /^[a-z0-9_-]{1,32}$/i.test(clientId) ? clientId : 'web';
}

export function registerPaymentRoutes(
  app: FastifyInstance,
  { db, payments }: { db: Database; payments: PaymentService },
): void {
  registerEndpoint(app, api.listChannels, async ({ session }) => {
    const [row] = await db
      .select({ app: apps, customer: customers })
      .from(customers)
      .innerJoin(apps, eq(apps.id, customers.appId))
      .where(and(eq(customers.id, session.customerId), eq(customers.appId, session.appId)));
    if (!row)
      throw new AppError(401, 'CUSTOMER_NOT_FOUND', 'The signed-in customer no longer exists');
    return { channels: channelsFor(row.app, row.customer) };
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
  registerEndpoint(app, api.validatePaymentOtp, async ({ session, params, body }) =>
    payments.runVerb(session, params.paymentId, 'validate_otp', body),
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
