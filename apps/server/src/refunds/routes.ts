import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { CreateBudget } from '../http/create-budget.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import type { RefundService } from './refund-service.ts';

export function registerRefundRoutes(
  app: FastifyInstance,
  { refunds, budget }: { refunds: RefundService; budget: CreateBudget },
): void {
  // A refund is a provider create, under the customer's budget of creates.
  registerEndpoint(app, api.refundPayment, async ({ session, params, body }) => {
    await budget.enforce(session);
    return refunds.create(session, params.paymentId, body.orders);
  });
}
