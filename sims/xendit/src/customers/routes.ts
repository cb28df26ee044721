import { createCustomerBodySchema, updateCustomerBodySchema } from '@store/xendit';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import { createCustomer, customersByReference, getCustomer, updateCustomer } from './service.ts';

/**
 * The Customers API, for integrations that make a customer before naming it in a plan, a session
 * or a token (the subscriptions guide's first step).
 */
export function registerCustomerRoutes(app: FastifyInstance, ctx: SimContext) {
  app.post('/customers', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(createCustomerBodySchema, request.body);
    // 200, as the API reference answers a create (docs.xendit.co/apidocs/create-customer-request).
    const result = await idempotent(ctx, principal, request, 'customers', async (tx) => ({
      statusCode: 200,
      body: await createCustomer(tx, principal, body),
    }));
    return answer(reply, result.statusCode, result.body);
  });

  app.get<IdParams>('/customers/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await getCustomer(ctx.db, principal, request.params.id));
  });

  app.get<{ Querystring: { reference_id?: unknown } }>('/customers', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(
      reply,
      200,
      await customersByReference(ctx.db, principal, request.query.reference_id),
    );
  });

  app.patch<IdParams>('/customers/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(updateCustomerBodySchema, request.body);
    const customer = await ctx.transaction((tx) =>
      updateCustomer(tx, principal, request.params.id, body),
    );
    return answer(reply, 200, customer);
  });
}
