import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import { registerEndpoint } from '../http/register-endpoint.ts';
import type { RefundService } from './refund-service.ts';

export function registerRefundRoutes(
  app: FastifyInstance,
  { refunds }: { refunds: RefundService },
): void {
  // A refund is a provider create, recorded under the customer's budget (refund-service.ts).
  registerEndpoint(app, api.refundPayment, async ({ session, params, body }) =>
    refunds.create(session, params.paymentId, body.orders),
  );
}
