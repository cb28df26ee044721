import {
  createRecurringPlanBodySchema,
  simulateRecurringCycleBodySchema,
  updateRecurringCycleBodySchema,
  updateRecurringPlanBodySchema,
  updateRecurringScheduleBodySchema,
} from '@store/xendit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, parseBody } from '../api-error.ts';
import { answer, authenticate, type IdParams } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import type { SimContext } from '../sim-context.ts';
import {
  cancelCycle,
  forceAttempt,
  getCycle,
  listCycles,
  simulateCycle,
  updateCycle,
} from './cycles.ts';
import {
  createPlan,
  deactivatePlan,
  getPlan,
  getSchedule,
  updatePlan,
  updateSchedule,
} from './plans.ts';

type CycleParams = { Params: { plan_id: string; id: string } };

/**
 * Every /recurring operation of the published description answers a body in another type than
 * JSON with 415 UNSUPPORTED_CONTENT_TYPE ("The content type requested is not supported.", e.g.
 * POST /recurring/plans), where the Payments API v3 answers 400: a form-encoded or text body was
 * read here as a body of the wrong shape, 400 API_VALIDATION_ERROR. A request with no body (a
 * deactivate, a cancel) needs no type. The key is checked first, as for every other answer: a
 * caller without one learns nothing but its 401.
 */
function jsonBodyOnly(ctx: SimContext) {
  return async (request: FastifyRequest) => {
    authenticate(ctx, request);
    const length = request.headers['content-length'];
    const hasBody =
      (length !== undefined && length !== '0') ||
      request.headers['transfer-encoding'] !== undefined;
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (hasBody && type !== 'application/json') {
      throw new ApiError(
        415,
        'UNSUPPORTED_CONTENT_TYPE',
        'The content type requested is not supported.',
      );
    }
  };
}

export function registerRecurringRoutes(app: FastifyInstance, ctx: SimContext) {
  /** The route options of every /recurring operation that may carry a body. */
  const takesJson = { onRequest: jsonBodyOnly(ctx) };
  app.post('/recurring/plans', takesJson, async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(createRecurringPlanBodySchema, request.body);
    const result = await idempotent(ctx, principal, request, 'recurring/plans', async (tx) => ({
      statusCode: 201,
      body: await createPlan(tx, principal, body),
    }));
    return answer(reply, result.statusCode, result.body);
  });

  app.get<IdParams>('/recurring/plans/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await getPlan(ctx.db, principal, request.params.id));
  });

  app.patch<IdParams>('/recurring/plans/:id', takesJson, async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(updateRecurringPlanBodySchema, request.body);
    const plan = await ctx.transaction((tx) => updatePlan(tx, principal, request.params.id, body));
    return answer(reply, 200, plan);
  });

  app.post<IdParams>('/recurring/plans/:id/deactivate', takesJson, async (request, reply) => {
    const principal = authenticate(ctx, request);
    const plan = await ctx.transaction((tx) => deactivatePlan(tx, principal, request.params.id));
    return answer(reply, 200, plan);
  });

  app.get<IdParams>('/recurring/plans/:id/cycles', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await listCycles(ctx.db, principal, request.params.id));
  });

  app.get<CycleParams>('/recurring/plans/:plan_id/cycles/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    const { plan_id: planId, id } = request.params;
    return answer(reply, 200, await getCycle(ctx.db, principal, planId, id));
  });

  app.patch<CycleParams>(
    '/recurring/plans/:plan_id/cycles/:id',
    takesJson,
    async (request, reply) => {
      const principal = authenticate(ctx, request);
      const body = parseBody(updateRecurringCycleBodySchema, request.body);
      const { plan_id: planId, id } = request.params;
      const cycle = await ctx.transaction((tx) => updateCycle(tx, principal, planId, id, body));
      return answer(reply, 200, cycle);
    },
  );

  app.post<CycleParams>(
    '/recurring/plans/:plan_id/cycles/:id/cancel',
    takesJson,
    async (request, reply) => {
      const principal = authenticate(ctx, request);
      const { plan_id: planId, id } = request.params;
      const cycle = await ctx.transaction((tx) => cancelCycle(ctx, tx, principal, planId, id));
      return answer(reply, 200, cycle);
    },
  );

  app.post<CycleParams>(
    '/recurring/plans/:plan_id/cycles/:id/force_attempt',
    takesJson,
    async (request, reply) => {
      const principal = authenticate(ctx, request);
      const { plan_id: planId, id } = request.params;
      const cycle = await ctx.transaction((tx) => forceAttempt(ctx, tx, principal, planId, id));
      return answer(reply, 200, cycle);
    },
  );

  app.post<CycleParams>(
    '/recurring/plans/:plan_id/cycles/:id/simulate',
    takesJson,
    async (request, reply) => {
      const principal = authenticate(ctx, request);
      const amount =
        request.body === undefined || request.body === null
          ? undefined
          : parseBody(simulateRecurringCycleBodySchema, request.body).amount;
      const { plan_id: planId, id } = request.params;
      const cycle = await ctx.transaction((tx) =>
        simulateCycle(ctx, tx, principal, planId, id, amount),
      );
      return answer(reply, 200, cycle);
    },
  );

  app.get<IdParams>('/recurring/schedules/:id', async (request, reply) => {
    const principal = authenticate(ctx, request);
    return answer(reply, 200, await getSchedule(ctx.db, principal, request.params.id));
  });

  app.patch<IdParams>('/recurring/schedules/:id', takesJson, async (request, reply) => {
    const principal = authenticate(ctx, request);
    const body = parseBody(updateRecurringScheduleBodySchema, request.body);
    const schedule = await ctx.transaction((tx) =>
      updateSchedule(tx, principal, request.params.id, body),
    );
    return answer(reply, 200, schedule);
  });
}
