import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, Subscription } from '@store/contract';
import { exchanges, subscriptionCycles, subscriptions } from '../db/schema.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { linkedEwallet } from '../test/linked-methods.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * An attacker's pass over /api/subscriptions and the recurring webhooks: hostile bodies, another
 * customer's or app's method, a method that cannot pay, racing creates and cancels, webhooks that
 * are malformed or name what the provider does not hold, and a customer who would spend the
 * merchant's provider calls on "Run next cycle now". Each is a clear 4xx (or a webhook answered
 * and ignored) that changes nothing, never a 500.
 */
const providerCallsPerMinute = 6;

let server: TestServer;
let token: string;
let method: PaymentMethod;
beforeAll(async () => {
  server = await startTestServer({
    PROVIDER_READS_PER_CUSTOMER_PER_MINUTE: String(providerCallsPerMinute),
  });
  token = await server.signIn('attacker@example.com');
  method = await linkedEwallet(server, token);
});
afterAll(() => server?.close());

async function call(
  bearer: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key = randomUUID(),
) {
  return server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${bearer}`,
      'idempotency-key': key,
      'content-type': 'application/json',
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload ?? {}),
  });
}

const read = async (id: string) =>
  (await call(token, 'GET', `/api/subscriptions/${id}`)).json() as Subscription;

/** The subscription's row and its plan's payment.capture events, once the store recorded one. */
async function firstCycleCaptures(subscriptionId: string) {
  const [row] = await server.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  const planId = row?.providerPlanId ?? '';
  const captures = await waitFor('the first cycle’s payment.capture recorded', async () => {
    const rows = (
      await server.db.select().from(exchanges).where(eq(exchanges.event, 'payment.capture'))
    ).filter(
      (exchange) =>
        (exchange.data as { data?: { metadata?: Record<string, unknown> } }).data?.metadata
          ?.recurring_plan_id === planId,
    );
    return rows.length > 0 && rows;
  });
  return { row, planId, captures };
}

const activeSubscription = async (bearer = token, with_ = method) => {
  const created = await call(bearer, 'POST', '/api/subscriptions', {
    product_id: 'id-kopi-beans',
    payment_method_id: with_.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as Subscription;
  return waitFor(`${id} ACTIVE with a cycle scheduled`, async () => {
    const subscription = (
      await call(bearer, 'GET', `/api/subscriptions/${id}`)
    ).json() as Subscription;
    return (
      subscription.status === 'ACTIVE' &&
      subscription.cycles?.some((cycle) => cycle.status === 'SCHEDULED') &&
      subscription.cycles.some((cycle) => cycle.status === 'SUCCEEDED') &&
      subscription
    );
  });
};

const counts = async () => ({
  subscriptions: (await server.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions))[0],
  cycles: (await server.db.select({ n: sql<number>`count(*)::int` }).from(subscriptionCycles))[0],
  requests: (
    await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exchanges)
      .where(eq(exchanges.kind, 'request'))
  )[0],
});

function expectRefused(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, what).toBeLessThan(500);
  const body = JSON.parse(response.body) as { error_code?: unknown; message?: unknown };
  expect(typeof body.error_code, what).toBe('string');
  expect(typeof body.message, what).toBe('string');
}

describe('subscriptions under attack', () => {
  it('refuses hostile subscribe bodies and methods that are not the customer’s to use, changing nothing', async () => {
    const elsewhere = await server.signIn('attacker@example.com', 'demo-ph');
    const stranger = await server.signIn('attack-stranger@example.com');
    const before = await counts();
    const body = { product_id: 'id-kopi-beans', payment_method_id: method.id };
    const attempts: [string, string, unknown][] = [
      ['bad JSON', token, '{"product_id": "id-kopi-beans",'],
      ['an array', token, [body]],
      ['null', token, 'null'],
      ['a number for the product', token, { ...body, product_id: 7 }],
      ['a long product id', token, { ...body, product_id: 'x'.repeat(100_000) }],
      ['a long method id', token, { ...body, payment_method_id: 'pm_'.repeat(10_000) }],
      ['no method', token, { product_id: 'id-kopi-beans' }],
      ['an unknown method', token, { ...body, payment_method_id: 'pm_missing' }],
      ['a product of another app', token, { ...body, product_id: 'ph-kopi-beans' }],
      ['a product not sold by subscription', token, { ...body, product_id: 'id-ceramic-mug' }],
      ['the same customer in another app', elsewhere, body],
      ['another customer', stranger, body],
    ];
    for (const [what, bearer, payload] of attempts) {
      expectRefused(await call(bearer, 'POST', '/api/subscriptions', payload), what);
    }
    for (const url of [
      '/api/subscriptions/sub_missing',
      `/api/subscriptions/${'x'.repeat(5_000)}`,
      '/api/subscriptions/%00',
    ]) {
      expectRefused(await call(token, 'GET', url), url);
      expectRefused(await call(token, 'POST', `${url}/cancel`), `${url}/cancel`);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a method that is no longer ACTIVE', async () => {
    const ended = await linkedEwallet(server, token);
    const cancelled = await call(token, 'POST', `/api/payment_methods/${ended.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = await counts();
    const answer = await call(token, 'POST', '/api/subscriptions', {
      product_id: 'id-kopi-beans',
      payment_method_id: ended.id,
    });
    expectRefused(answer, 'an inactive method');
    expect(answer.json()).toMatchObject({ error_code: 'PAYMENT_METHOD_NOT_SUBSCRIBABLE' });
    expect(await counts()).toEqual(before);
  });

  it('makes one subscription and one plan of the same key sent at once', async () => {
    const key = randomUUID();
    const body = { product_id: 'id-kopi-beans', payment_method_id: method.id };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(token, 'POST', '/api/subscriptions', body, key)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = new Set(answers.map((answer) => (answer.json() as Subscription).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const creates = await server.db
      .select()
      .from(exchanges)
      .where(eq(exchanges.subscriptionId, id ?? ''));
    expect(
      creates.filter(
        (row) =>
          row.kind === 'request' &&
          JSON.stringify(row.exchange).includes('"method":"POST"') &&
          JSON.stringify(row.exchange).includes('/recurring/plans"'),
      ),
    ).toHaveLength(1);
  });

  it('cancels once however many cancels race, and a cycle run meanwhile ends as the provider says', async () => {
    const subscription = await activeSubscription();
    const answers = await Promise.all([
      call(token, 'POST', `/api/subscriptions/${subscription.id}/cancel`),
      call(token, 'POST', `/api/subscriptions/${subscription.id}/run_next_cycle`),
      call(token, 'POST', `/api/subscriptions/${subscription.id}/cancel`),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(answers[0]?.statusCode).toBe(200);
    expect(answers[2]?.statusCode).toBe(200);
    await waitFor('the plan cancelled with no cycle left open', async () => {
      const now = await read(subscription.id);
      return (
        now.status === 'CANCELLED' &&
        (now.cycles ?? []).every((cycle) =>
          ['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(cycle.status),
        )
      );
    });
  });

  it('answers and ignores recurring webhooks that are malformed or name what the provider does not hold', async () => {
    const subscription = await activeSubscription();
    const before = await read(subscription.id);
    const [cycle] = before.cycles ?? [];
    const planId = (
      await server.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    )[0]?.providerPlanId;
    const bodies = [
      webhookEnvelope('recurring.plan.inactivated', { id: 42, reference_id: subscription.id }),
      webhookEnvelope('recurring.plan.inactivated', {
        id: planId,
        reference_id: 'sub_other',
        status: 'INACTIVE',
      }),
      webhookEnvelope('recurring.cycle.failed', {
        id: 'recy-x',
        plan_id: planId,
        amount: 'all',
        status: 'FAILED',
      }),
      webhookEnvelope('recurring.cycle.failed', {
        id: 'recy-x',
        plan_id: planId,
        amount: -1e308,
        currency: 'IDR',
        status: 'FAILED',
      }),
      webhookEnvelope('recurring.cycle.created', { plan_id: planId, status: 'SCHEDULED' }),
      { event: 'recurring.plan.inactivated', data: null },
      { event: 'recurring.plan.inactivated', data: 'x'.repeat(100_000) },
    ];
    for (const body of bodies) {
      const answer = await server.deliverWebhook(body);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/webhooks/xendit',
      headers: {
        'x-callback-token': server.config.xendit.callbackTokens.development,
        'content-type': 'application/json',
      },
      payload: '{"event": "recurring.plan.inactivated", ',
    });
    expectRefused(notJson, 'a webhook that is not JSON');
    const after = await read(subscription.id);
    expect(after.status).toBe('ACTIVE');
    expect(after.cycles?.map((c) => c.status)).toEqual(before.cycles?.map((c) => c.status));
    expect(cycle).toBeDefined();
  });

  it("shows a cycle attempt's payment webhooks in its subscription's logs, checked as the plan's own", async () => {
    const subscription = await activeSubscription();
    const { captures } = await firstCycleCaptures(subscription.id);
    for (const capture of captures) {
      expect(capture).toMatchObject({ subscriptionId: subscription.id, ignoredReason: null });
    }
    // The same event claiming a payment request no attempt of the plan made changes nothing.
    const sent = captures[0]?.data as { data: Record<string, unknown> };
    const forged = webhookEnvelope('payment.capture', {
      ...sent.data,
      payment_request_id: `pr-${randomUUID()}`,
      payment_id: `py-${randomUUID()}`,
    });
    expect((await server.deliverWebhook(forged)).statusCode).toBe(200);
    const shown = await read(subscription.id);
    const reasons = (shown.xendit_operations ?? []).flatMap((operation) =>
      operation.kind === 'webhook' && operation.event === 'payment.capture'
        ? [operation.ignored_reason ?? null]
        : [],
    );
    expect(reasons).toEqual(expect.arrayContaining([null, expect.stringContaining('no attempt')]));
    expect(shown.cycles?.map((cycle) => cycle.status)).toEqual(
      subscription.cycles?.map((cycle) => cycle.status),
    );
  });

  it("asks for a cycle attempt's payment event again while a create is unanswered, and takes it then", async () => {
    const subscription = await activeSubscription();
    const { row, planId, captures } = await firstCycleCaptures(subscription.id);
    const sent = captures[0]?.data as { data: Record<string, unknown> };
    // The event overtakes the create's answer: the plan's id is not recorded yet.
    const again = webhookEnvelope('payment.capture', sent.data);
    await server.db
      .update(subscriptions)
      .set({ providerPlanId: null, status: 'CREATING' })
      .where(eq(subscriptions.id, subscription.id));
    const held = await server.deliverWebhook(again);
    expect(held.statusCode).toBe(503);
    expect(held.json()).toMatchObject({ error_code: 'SUBSCRIPTION_NOT_YET_RECORDED' });

    // Once the answer is in, the same event is taken as the plan's.
    await server.db
      .update(subscriptions)
      .set({ providerPlanId: planId, status: row?.status ?? 'ACTIVE' })
      .where(eq(subscriptions.id, subscription.id));
    expect((await server.deliverWebhook(again)).statusCode).toBe(200);
    const taken = (
      await server.db.select().from(exchanges).where(eq(exchanges.event, 'payment.capture'))
    ).filter((exchange) => (exchange.data as { created?: string }).created === again.created);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ subscriptionId: subscription.id, ignoredReason: null });
  });

  it("limits each customer's provider calls on running cycles and cancelling, as payments' provider reads", async () => {
    const runner = await server.signIn('cycle-runner@example.com');
    const subscription = await activeSubscription(runner, await linkedEwallet(server, runner));
    const answers = [];
    for (let i = 0; i <= providerCallsPerMinute; i += 1) {
      answers.push(
        await call(runner, 'POST', `/api/subscriptions/${subscription.id}/run_next_cycle`),
      );
    }
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(limited.length, answers.map((a) => a.statusCode).join()).toBeGreaterThan(0);
    expect(limited[0]?.json()).toMatchObject({ error_code: 'RATE_LIMIT_EXCEEDED' });
    expect(limited[0]?.headers['retry-after']).toBeDefined();
    // Another customer is not held up by this one.
    const neighbour = await server.signIn('cycle-neighbour@example.com');
    const other = await activeSubscription(neighbour, await linkedEwallet(server, neighbour));
    const run = await call(neighbour, 'POST', `/api/subscriptions/${other.id}/run_next_cycle`);
    expect(run.statusCode, run.body).toBe(200);
  });
});
