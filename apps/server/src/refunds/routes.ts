import type { FastifyInstance } from 'fastify';
import { api } from '@store/contract';
import type { AddressCreateLimit } from '../http/address-creates.ts';
import { registerEndpoint } from '../http/register-endpoint.ts';
import type { RefundService } from './refund-service.ts';

export function registerRefundRoutes(
  app: FastifyInstance,
  { refunds, creates }: { refunds: RefundService; creates: AddressCreateLimit },
): void {
  // A refund is a provider create, recorded under the customer's budget (refund-service.ts).
  registerEndpoint(app, api.refundPayment, async ({ session, params, body, request }) => {
    creates.take(request.ip);
    return refunds.create(session, params.paymentId, body.orders);
  });
}
