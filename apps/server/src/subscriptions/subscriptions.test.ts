import { randomUUID } from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, PaymentMethod, Product, StatusEvent, Subscription } from '@store/contract';
import { createXenditClient, type ProviderExchange } from '@store/xendit';
import {
  descriptionPath,
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
} from '@store/xendit-sim/published-description';
import {
  startFaultProxy,
  type FaultProxy,
  type RequestMatcher,
} from '../../harness/fault-proxy.ts';
import { buildApp } from '../app.ts';
import { exchanges, subscriptionCycles, subscriptions } from '../db/schema.ts';
import { startTestServer, webhookEnvelope, type TestServer } from '../test/test-server.ts';
import { linkedEwallet } from '../test/linked-methods.ts';
import { waitFor } from '../test/wait-for.ts';

/** A day of the provider's schedules in the fast server: a retry a day later comes in 1.5 s. */
const dayMs = 1_500;

async function call(
  server: TestServer,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  key = randomUUID(),
) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload,
  });
}

async function decide(pageUrl: string, decision: string) {
  const response = await fetch(pageUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  expect(response.status).toBeLessThan(400);
}

async function subscribe(
  server: TestServer,
  token: string,
  body: { product_id: string; payment_method_id: string },
  key = randomUUID(),
) {
  return call(server, token, 'POST', '/api/subscriptions', body, key);
}

async function read(server: TestServer, token: string, id: string): Promise<Subscription> {
  return (await call(server, token, 'GET', `/api/subscriptions/${id}`)).json() as Subscription;
}

function waitForSubscription(
  server: TestServer,
  token: string,
  id: string,
  what: string,
  check: (subscription: Subscription) => boolean,
  timeoutMs = 15_000,
): Promise<Subscription> {
  return waitFor(
    `${id}: ${what}`,
    async () => {
      const subscription = await read(server, token, id);
      return check(subscription) && subscription;
    },
    timeoutMs,
  );
}

/**
 * Opens the live-status feed (GET /api/events) as the web reads it, and answers once it carries
 * a status event of this subscription.
 */
async function subscriptionEvent(server: TestServer, token: string, id: string) {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const heard = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (const block of buffer.split('\n\n').slice(0, -1)) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        const event = data ? (JSON.parse(data.slice(6)) as StatusEvent) : null;
        if (event?.kind === 'subscription' && event.id === id) return event;
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
    }
    return null;
  })();
  return {
    heard: heard.finally(() => abort.abort()),
    close: () => abort.abort(),
  };
}

const cycleStatuses = (subscription: Subscription) =>
  (subscription.cycles ?? []).map((cycle) => `${cycle.cycle_number} ${cycle.status}`);

/** The provider's own record of a subscription's plan and cycles, read with the app's key. */
function providerClient(server: TestServer) {
  return createXenditClient({
    baseUrl: server.xendit.url,
    secretKey: server.config.xendit.keys.development.secretKey,
  });
}

async function planIdOf(server: TestServer, subscriptionId: string): Promise<string> {
  const [row] = await server.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!row?.providerPlanId) throw new Error(`${subscriptionId} has no plan`);
  return row.providerPlanId;
}

/**
 * Judges every subscription exchange the store recorded and every recurring webhook the provider
 * sent against the published description; answers the calls and events it saw.
 */
async function judgeSubscriptionTraffic(server: TestServer) {
  const description = loadPublishedDescription();
  const operations = await server.db
    .select()
    .from(exchanges)
    .where(isNotNull(exchanges.subscriptionId));
  const requests = operations.filter((operation) => operation.kind === 'request');
  const webhooks = await server.db
    .select()
    .from(exchanges)
    .where(sql`${exchanges.event} like 'recurring.%'`);
  const calls = new Set(
    requests.map((operation) => {
      const { request } = operation.exchange as ProviderExchange;
      const path = new URL(request.url).pathname
        .replace(/\/recurring\/plans\/[^/]+/, '/recurring/plans/{id}')
        .replace(/\/cycles\/[^/]+/, '/cycles/{id}')
        .replace(/pt-[^/]+/, '{id}');
      return `${request.method} ${path}`;
    }),
  );
  // The forged and crossed bodies the tests sent are their own, not the provider's.
  const fromProvider = webhooks.filter((operation) => !operation.ignoredReason);
  const violations = [
    ...requests.flatMap((operation) => {
      const exchange = operation.exchange as ProviderExchange;
      return description.checkExchange({
        method: exchange.request.method,
        url: exchange.request.url,
        headers: exchange.request.headers,
        requestBody: exchange.request.data ?? undefined,
        status: exchange.response?.status ?? 0,
        responseBody: exchange.response?.data,
      });
    }),
    ...fromProvider.flatMap((operation) => description.checkWebhook(operation.data)),
  ];
  return {
    calls,
    events: new Set(fromProvider.map((operation) => operation.event)),
    violations: outsideAllowList(violations).map(
      (v) => `${v.subject} ${v.path} ${v.keyword}: ${v.message}`,
    ),
  };
}

describe('subscriptions (a provider day is a real day)', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let method: PaymentMethod;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('subscriber@example.com');
    otherToken = await server.signIn('not-the-subscriber@example.com');
    method = await linkedEwallet(server, token);
    // The live feed announces a cycle's change and the page reads the cycle again at once: a paid
    // cycle must already have its payment then. This database refuses one that has not.
    await server.db.execute(sql`
      CREATE FUNCTION test_paid_cycle_has_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'SUCCEEDED' AND NOT EXISTS (
          SELECT 1 FROM payments WHERE provider_request_id = NEW.provider_request_id
        ) THEN
          RAISE EXCEPTION 'cycle % paid before its payment was recorded', NEW.provider_cycle_id;
        END IF;
        RETURN NEW;
      END $$`);
    await server.db.execute(sql`
      CREATE TRIGGER test_paid_cycle_has_payment BEFORE INSERT OR UPDATE ON subscription_cycles
        FOR EACH ROW EXECUTE FUNCTION test_paid_cycle_has_payment()`);
  });
  afterAll(() => server?.close());

  let subscriptionId: string;

  it('lists subscribable products with their terms', async () => {
    const { products } = (await call(server, token, 'GET', '/api/products')).json() as {
      products: (Product & { subscription?: unknown })[];
    };
    expect(products.find((product) => product.id === 'id-kopi-beans')?.subscription).toEqual({
      interval: 'MONTH',
      interval_count: 1,
      amount: 115_000,
    });
    expect(products.find((product) => product.id === 'id-ceramic-mug')?.subscription).toBe(
      undefined,
    );
  });

  it('subscribes with a saved e-wallet: ACTIVE, the first cycle paid, the next one scheduled', async () => {
    const key = randomUUID();
    const body = { product_id: 'id-kopi-beans', payment_method_id: method.id };
    const created = await subscribe(server, token, body, key);
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json() as Subscription;
    subscriptionId = subscription.id;
    expect(subscription).toMatchObject({
      product_id: 'id-kopi-beans',
      product_name: 'Kopi Arabica Beans',
      amount: 115_000,
      currency: 'IDR',
      interval: 'MONTH',
      interval_count: 1,
      payment_method: { id: method.id, channel: 'DANA', channel_name: 'DANA' },
    });
    expect(['PENDING', 'ACTIVE']).toContain(subscription.status);

    const active = await waitForSubscription(
      server,
      token,
      subscription.id,
      'ACTIVE, cycle 1 paid, cycle 2 scheduled, the activation logged',
      (s) =>
        s.status === 'ACTIVE' &&
        cycleStatuses(s).join() === ['2 SCHEDULED', '1 SUCCEEDED'].join() &&
        // The activation's webhook may come after a cycle's has shown the plan ACTIVE.
        (s.xendit_operations ?? []).some(
          (operation) =>
            operation.kind === 'webhook' && operation.event === 'recurring.plan.activated',
        ),
    );
    const [next, first] = active.cycles ?? [];
    expect(first).toMatchObject({ amount: 115_000, attempts: 1, failure_code: null });
    expect(active.next_cycle_date).toBe(next?.scheduled_date);
    expect(new Date(active.next_cycle_date ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 25 * 86_400_000,
    );

    // The same key answers the same subscription, with no second plan at the provider.
    const again = await subscribe(server, token, body, key);
    expect(again.statusCode).toBe(201);
    expect((again.json() as Subscription).id).toBe(subscription.id);
    const creates = active.xendit_operations?.filter(
      (operation) =>
        operation.kind === 'request' &&
        operation.exchange.request.method === 'POST' &&
        new URL(operation.exchange.request.url).pathname === '/recurring/plans',
    );
    expect(creates).toHaveLength(1);
    // The same key with another product is refused.
    const reused = await subscribe(
      server,
      token,
      { ...body, product_id: 'id-sandbox-daily-subscription' },
      key,
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ error_code: 'IDEMPOTENCY_KEY_REUSED' });

    const { subscriptions: listed } = (
      await call(server, token, 'GET', '/api/subscriptions')
    ).json() as { subscriptions: Subscription[] };
    expect(listed.map((s) => s.id)).toEqual([subscription.id]);
    expect(listed[0]?.cycles).toBe(undefined);
    // The logs show the plan's exchanges and webhooks, with the token id redacted.
    const events = active.xendit_operations?.flatMap((operation) =>
      operation.kind === 'webhook' ? [operation.event] : [],
    );
    expect(events).toEqual(expect.arrayContaining(['recurring.plan.activated']));
    expect(JSON.stringify(active.xendit_operations)).not.toMatch(/pt-[0-9a-f]{8}/);
  });

  it('runs the next cycle now in development, and it succeeds, told live on the status feed', async () => {
    const feed = await subscriptionEvent(server, token, subscriptionId);
    const response = await call(
      server,
      token,
      'POST',
      `/api/subscriptions/${subscriptionId}/run_next_cycle`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const ran = await waitForSubscription(
      server,
      token,
      subscriptionId,
      'cycle 2 paid, cycle 3 scheduled',
      (s) => cycleStatuses(s).join() === ['3 SCHEDULED', '2 SUCCEEDED', '1 SUCCEEDED'].join(),
    );
    expect(ran.status).toBe('ACTIVE');
    const event = await Promise.race([
      feed.heard,
      waitFor('a subscription event on the feed', () => false, 5_000).catch(() => null),
    ]);
    feed.close();
    expect(event).toMatchObject({ kind: 'subscription', id: subscriptionId });
  });

  it("records each paid cycle as a payment of the customer's, refunded like any other", async () => {
    const subscription = await read(server, token, subscriptionId);
    const paidCycles = (subscription.cycles ?? []).filter((cycle) => cycle.status === 'SUCCEEDED');
    expect(paidCycles).toHaveLength(2);
    const paymentId = paidCycles[0]?.payment_id ?? '';
    expect(paymentId).toMatch(/^pay_/);
    const payment = (
      await call(server, token, 'GET', `/api/payments/${paymentId}`)
    ).json() as Payment;
    expect(payment).toMatchObject({
      status: 'SUCCEEDED',
      amount: 115_000,
      channel: 'DANA',
      payment_method_id: method.id,
    });
    expect(payment.orders.map((line) => [line.product_id, line.status])).toEqual([
      ['id-kopi-beans', 'PAID'],
    ]);
    // Another customer cannot see it.
    expect((await call(server, otherToken, 'GET', `/api/payments/${paymentId}`)).statusCode).toBe(
      404,
    );
    const refund = await call(server, token, 'POST', `/api/payments/${paymentId}/refund`, {
      orders: [payment.orders[0]?.id],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await waitFor(`${paymentId} refunded`, async () => {
      const read = (
        await call(server, token, 'GET', `/api/payments/${paymentId}`)
      ).json() as Payment;
      return read.status === 'REFUND_SUCCEEDED';
    });
  });

  it('refuses a method that cannot pay a plan, a product not sold by subscription, and a stranger', async () => {
    const before = await server.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions);
    const directDebit = (
      await call(server, token, 'POST', '/api/payment_methods', {
        channel: 'BRI_DIRECT_DEBIT',
        country: 'ID',
        reference_id: 'dd-1',
        channel_properties: { mobile_number: '+628111111111' },
      })
    ).json() as PaymentMethod;
    await call(server, token, 'POST', `/api/payment_methods/${directDebit.id}/validate_otp`, {
      otp_code: '333000',
    });
    const refusedMethod = await subscribe(server, token, {
      product_id: 'id-kopi-beans',
      payment_method_id: directDebit.id,
    });
    expect(refusedMethod.statusCode).toBe(400);
    expect(refusedMethod.json()).toMatchObject({ error_code: 'PAYMENT_METHOD_NOT_SUBSCRIBABLE' });
    const refusedProduct = await subscribe(server, token, {
      product_id: 'id-ceramic-mug',
      payment_method_id: method.id,
    });
    expect(refusedProduct.statusCode).toBe(400);
    expect(refusedProduct.json()).toMatchObject({ error_code: 'PRODUCT_NOT_SUBSCRIBABLE' });
    const foreignProduct = await subscribe(server, token, {
      product_id: 'ph-kopi-beans',
      payment_method_id: method.id,
    });
    expect(foreignProduct.json()).toMatchObject({ error_code: 'PRODUCT_NOT_FOUND' });
    // Another customer can neither use the method nor see, cancel or run the plan.
    const foreignMethod = await subscribe(server, otherToken, {
      product_id: 'id-kopi-beans',
      payment_method_id: method.id,
    });
    expect(foreignMethod.statusCode).toBe(404);
    for (const [verb, url] of [
      ['GET', `/api/subscriptions/${subscriptionId}`],
      ['POST', `/api/subscriptions/${subscriptionId}/cancel`],
      ['POST', `/api/subscriptions/${subscriptionId}/run_next_cycle`],
    ] as const) {
      const response = await call(server, otherToken, verb, url);
      expect(response.statusCode, url).toBe(404);
    }
    const { subscriptions: theirs } = (
      await call(server, otherToken, 'GET', '/api/subscriptions')
    ).json() as { subscriptions: Subscription[] };
    expect(theirs).toEqual([]);
    const after = await server.db.select({ n: sql<number>`count(*)::int` }).from(subscriptions);
    expect(after).toEqual(before);
    expect((await read(server, token, subscriptionId)).status).toBe('ACTIVE');
  });

  it('applies a plan webhook only as the provider holds the plan: a forged or crossed one changes nothing', async () => {
    const planId = await planIdOf(server, subscriptionId);
    const held = (await providerClient(server).getRecurringPlan(planId)).body;
    const before = await read(server, token, subscriptionId);

    // Forged: the plan's own body, claiming it ended. The read-back says ACTIVE.
    const forged = webhookEnvelope('recurring.plan.inactivated', { ...held, status: 'INACTIVE' });
    expect((await server.deliverWebhook(forged)).statusCode).toBe(200);
    // Crossed: another customer's subscription named with this plan.
    const stranger = await linkedEwallet(server, otherToken);
    const theirs = (
      await subscribe(server, otherToken, {
        product_id: 'id-kopi-beans',
        payment_method_id: stranger.id,
      })
    ).json() as Subscription;
    const crossed = webhookEnvelope('recurring.plan.inactivated', {
      ...held,
      reference_id: theirs.id,
      status: 'INACTIVE',
    });
    expect((await server.deliverWebhook(crossed)).statusCode).toBe(200);
    // A plan the store does not hold, and a cycle the plan does not have.
    const unknown = webhookEnvelope('recurring.plan.inactivated', {
      ...held,
      id: `repl_${randomUUID()}`,
    });
    expect((await server.deliverWebhook(unknown)).statusCode).toBe(200);
    const [cycle] = (await providerClient(server).listRecurringCycles(planId)).body;
    const strangeCycle = webhookEnvelope('recurring.cycle.failed', {
      ...cycle,
      id: `recy_${randomUUID()}`,
      status: 'FAILED',
    });
    expect((await server.deliverWebhook(strangeCycle)).statusCode).toBe(200);
    // A token that is nobody's.
    expect((await server.deliverWebhook(forged, 'not-the-token')).statusCode).toBe(401);
    // Delivered twice: recorded once.
    expect((await server.deliverWebhook(forged)).statusCode).toBe(200);

    const after = await read(server, token, subscriptionId);
    expect(after.status).toBe('ACTIVE');
    expect(cycleStatuses(after)).toEqual(cycleStatuses(before));
    expect((await read(server, otherToken, theirs.id)).status).not.toBe('INACTIVE');
    const ignored = after.xendit_operations?.flatMap((operation) =>
      operation.kind === 'webhook' && operation.ignored_reason ? [operation.ignored_reason] : [],
    );
    expect(ignored).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`not subscription ${subscriptionId}`),
        expect.stringContaining('has no cycle'),
      ]),
    );
    const forgedRows = await server.db
      .select()
      .from(exchanges)
      .where(eq(exchanges.event, 'recurring.plan.inactivated'));
    const forgedData = (row: (typeof forgedRows)[number]) =>
      (row.data as { data: { id: string; reference_id: string; status: string } }).data;
    expect(
      forgedRows.filter((row) => {
        const data = forgedData(row);
        return (
          data.id === planId && data.reference_id === subscriptionId && data.status === 'INACTIVE'
        );
      }),
    ).toHaveLength(1);
  });

  it('cancels: CANCELLED, the scheduled cycle cancelled, nothing runs after', async () => {
    const response = await call(
      server,
      token,
      'POST',
      `/api/subscriptions/${subscriptionId}/cancel`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json() as Subscription;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.next_cycle_date).toBe(null);
    await waitForSubscription(server, token, subscriptionId, 'cycle 3 cancelled', (s) =>
      cycleStatuses(s).includes('3 CANCELLED'),
    );
    const planId = await planIdOf(server, subscriptionId);
    expect((await providerClient(server).getRecurringPlan(planId)).body.status).toBe('INACTIVE');
    const run = await call(
      server,
      token,
      'POST',
      `/api/subscriptions/${subscriptionId}/run_next_cycle`,
    );
    expect(run.statusCode).toBe(409);
    expect(run.json()).toMatchObject({ error_code: 'SUBSCRIPTION_NOT_ACTIONABLE' });
    // Cancelling again answers the same; the provider's late webhooks move nothing back.
    const again = await call(server, token, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect((again.json() as Subscription).status).toBe('CANCELLED');
  });

  it('lists a page at a time, newest first, each page from where the last ended', async () => {
    const pager = await server.signIn('subscriptions-pager@example.com');
    const wallet = await linkedEwallet(server, pager);
    const made: string[] = [];
    for (const product of ['id-kopi-beans', 'id-sandbox-daily-subscription']) {
      const created = await subscribe(server, pager, {
        product_id: product,
        payment_method_id: wallet.id,
      });
      expect(created.statusCode).toBe(201);
      made.push((created.json() as Subscription).id);
    }
    type Page = { subscriptions: Subscription[]; next_cursor: string | null };
    const first = (await call(server, pager, 'GET', '/api/subscriptions?limit=1')).json() as Page;
    expect(first.subscriptions.map((s) => s.id)).toEqual([made[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (
      await call(server, pager, 'GET', `/api/subscriptions?limit=1&cursor=${first.next_cursor}`)
    ).json() as Page;
    expect(second).toMatchObject({ subscriptions: [{ id: made[0] }], next_cursor: null });

    const forged = await call(server, pager, 'GET', '/api/subscriptions?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error_code).toBe('API_VALIDATION_ERROR');
  });

  it('subscribes in the live app too, and runs no cycle there ahead of its date', async () => {
    const live = await server.signIn('live-subscriber@example.com', 'demo-ph');
    const maya = (
      await call(server, live, 'POST', '/api/payment_methods', {
        channel: 'PAYMAYA',
        country: 'PH',
        reference_id: 'live-sub',
      })
    ).json() as PaymentMethod;
    await decide(maya.actions[0]?.value ?? '', 'link');
    await waitFor('the Maya method ACTIVE', async () => {
      const read = (
        await call(server, live, 'GET', `/api/payment_methods/${maya.id}`)
      ).json() as PaymentMethod;
      return read.status === 'ACTIVE';
    });
    const created = await subscribe(server, live, {
      product_id: 'ph-kopi-beans',
      payment_method_id: maya.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json() as Subscription;
    expect(subscription).toMatchObject({ amount: 41_000, currency: 'PHP', interval: 'MONTH' });
    await waitForSubscription(
      server,
      live,
      subscription.id,
      'ACTIVE, cycle 1 paid',
      (s) => s.status === 'ACTIVE' && cycleStatuses(s).includes('1 SUCCEEDED'),
    );
    const response = await call(
      server,
      live,
      'POST',
      `/api/subscriptions/${subscription.id}/run_next_cycle`,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: 'SIMULATION_NOT_ALLOWED' });

    // The live plan's own body, sent with the test mode's callback token: another app's mode.
    const liveClient = createXenditClient({
      baseUrl: server.xendit.url,
      secretKey: server.config.xendit.keys.live.secretKey,
    });
    const held = (await liveClient.getRecurringPlan(await planIdOf(server, subscription.id))).body;
    const crossMode = webhookEnvelope('recurring.plan.inactivated', {
      ...held,
      status: 'INACTIVE',
    });
    expect((await server.deliverWebhook(crossMode)).statusCode).toBe(200);
    const after = await read(server, live, subscription.id);
    expect(after.status).toBe('ACTIVE');
    expect(
      after.xendit_operations?.some(
        (operation) =>
          operation.kind === 'webhook' && /callback token/.test(operation.ignored_reason ?? ''),
      ),
    ).toBe(true);
  });

  it.skipIf(!descriptionPresent)(
    `holds every subscription call and webhook to the published description (${descriptionPath})`,
    async () => {
      const { calls, events, violations } = await judgeSubscriptionTraffic(server);
      for (const expected of [
        'POST /recurring/plans',
        'GET /recurring/plans/{id}',
        'GET /recurring/plans/{id}/cycles',
        'POST /recurring/plans/{id}/cycles/{id}/simulate',
        'POST /recurring/plans/{id}/deactivate',
        'GET /v3/payment_tokens/{id}',
      ]) {
        expect(calls).toContain(expected);
      }
      for (const event of [
        'recurring.plan.activated',
        'recurring.plan.inactivated',
        'recurring.cycle.created',
        'recurring.cycle.succeeded',
      ]) {
        expect(events).toContain(event);
      }
      expect(violations).toEqual([]);
    },
    60_000,
  );
});

describe('subscriptions on a fast schedule (a provider day is 1.5 s)', () => {
  let server: TestServer;
  let token: string;
  let method: PaymentMethod;
  beforeAll(async () => {
    server = await startTestServer(
      {},
      { simulator: { recurringDayMs: dayMs, webhookRetrySchedule: [0.5, 1, 2, 4] } },
    );
    token = await server.signIn('fast-subscriber@example.com');
    method = await linkedEwallet(server, token);
  });
  afterAll(() => server?.close());

  it('retries a cycle that fails, and the retry pays it', async () => {
    const created = (
      await subscribe(server, token, { product_id: 'id-kopi-beans', payment_method_id: method.id })
    ).json() as Subscription;
    await waitForSubscription(server, token, created.id, 'cycle 2 scheduled', (s) =>
      cycleStatuses(s).includes('2 SCHEDULED'),
    );
    // The provider's test amount 21110 makes this attempt fail; the retry a day later charges
    // the cycle's own amount, which pays.
    const planId = await planIdOf(server, created.id);
    const cycles = (await providerClient(server).listRecurringCycles(planId)).body;
    const second = cycles.find((cycle) => cycle.cycle_number === 2);
    await providerClient(server).simulateRecurringCycle(planId, second?.id ?? '', {
      amount: 21_110,
    });
    const retrying = await waitForSubscription(server, token, created.id, 'cycle 2 retrying', (s) =>
      cycleStatuses(s).includes('2 RETRYING'),
    );
    expect(retrying.cycles?.find((cycle) => cycle.cycle_number === 2)).toMatchObject({
      attempts: 1,
      failure_code: 'INSUFFICIENT_BALANCE',
      failure_reason: 'There was not enough money in the account or wallet.',
    });
    const paid = await waitForSubscription(
      server,
      token,
      created.id,
      'cycle 2 paid by its retry',
      (s) => cycleStatuses(s).includes('2 SUCCEEDED'),
    );
    expect(paid.cycles?.find((cycle) => cycle.cycle_number === 2)).toMatchObject({
      attempts: 2,
      failure_code: null,
    });
    expect(paid.status).toBe('ACTIVE');
    await call(server, token, 'POST', `/api/subscriptions/${created.id}/cancel`);
  });

  it('ends the plan when a cycle fails after its retries (the test amount 21110)', async () => {
    const created = (
      await subscribe(server, token, {
        product_id: 'id-sandbox-subscription-declined',
        payment_method_id: method.id,
      })
    ).json() as Subscription;
    const ended = await waitForSubscription(
      server,
      token,
      created.id,
      'INACTIVE after cycle 1 failed',
      (s) => s.status === 'INACTIVE' && cycleStatuses(s).join() === '1 FAILED',
    );
    expect(ended.cycles?.[0]).toMatchObject({
      attempts: 3,
      failure_code: 'INSUFFICIENT_BALANCE',
      failure_reason: 'There was not enough money in the account or wallet.',
    });
    expect(ended.next_cycle_date).toBe(null);
  });

  it('loses no cycle while the store restarts between cycles', async () => {
    const created = (
      await subscribe(server, token, {
        product_id: 'id-sandbox-daily-subscription',
        payment_method_id: method.id,
      })
    ).json() as Subscription;
    await waitForSubscription(server, token, created.id, 'cycle 1 paid', (s) =>
      cycleStatuses(s).includes('1 SUCCEEDED'),
    );
    const planId = await planIdOf(server, created.id);
    const client = providerClient(server);

    // The store stops; the provider charges two more cycles, then the plan is ended there.
    const port = Number(new URL(server.url).port);
    await server.app.close();
    await waitFor('cycle 3 paid at the provider', async () => {
      const cycles = (await client.listRecurringCycles(planId)).body;
      return cycles.some((cycle) => cycle.cycle_number === 3 && cycle.status === 'SUCCEEDED');
    });
    await client.deactivateRecurringPlan(planId);
    const held = (await client.listRecurringCycles(planId)).body;

    // Another instance starts on the same database; the provider's retries and the
    // reconciler's read of open plans bring every cycle in.
    const restarted = await buildApp({
      config: server.config,
      db: server.database.db,
      listen: server.database.listen,
      logger: false,
    });
    await restarted.listen({ port, host: '127.0.0.1' });
    server.app = restarted;
    await restarted.reconciler.reconcileNow({ at: new Date(Date.now() + 3_600_000) });
    const expected = held
      .map((cycle) => `${cycle.cycle_number} ${cycle.status}`)
      .sort()
      .reverse();
    const synced = await waitForSubscription(
      server,
      token,
      created.id,
      `every cycle the provider holds (${expected.join(', ')})`,
      (s) =>
        s.status === 'INACTIVE' &&
        [...cycleStatuses(s)].sort().reverse().join() === expected.join(),
    );
    expect(
      synced.cycles?.filter((cycle) => cycle.status === 'SUCCEEDED').length,
    ).toBeGreaterThanOrEqual(3);
    const rows = await server.db
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, created.id));
    expect(rows).toHaveLength(held.length);
  });

  it.skipIf(!descriptionPresent)(
    'holds the retries, failures and restarts to the published description',
    async () => {
      const { events, violations } = await judgeSubscriptionTraffic(server);
      for (const event of [
        'recurring.cycle.retrying',
        'recurring.cycle.failed',
        'recurring.plan.inactivated',
      ]) {
        expect(events).toContain(event);
      }
      expect(violations).toEqual([]);
    },
    60_000,
  );
});

describe('a plan create whose answer is lost or refused', () => {
  let server: TestServer;
  let proxy: FaultProxy;
  let token: string;
  let method: PaymentMethod;
  const planCreates: RequestMatcher = (verb, path) =>
    verb === 'POST' && path === '/recurring/plans';
  beforeAll(async () => {
    proxy = await startFaultProxy();
    server = await startTestServer({ XENDIT_BASE_URL: proxy.url });
    proxy.target = server.xendit.url;
    token = await server.signIn('lost-answers@example.com');
    method = await linkedEwallet(server, token);
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  const planCreatesLogged = (subscription: Subscription) =>
    (subscription.xendit_operations ?? []).filter(
      (operation) =>
        operation.kind === 'request' &&
        operation.exchange.request.method === 'POST' &&
        new URL(operation.exchange.request.url).pathname === '/recurring/plans',
    );

  it('answers PENDING when the provider did not answer, and the reconciler creates the plan once', async () => {
    proxy.inject('status503', { times: 1, match: planCreates });
    const created = await subscribe(server, token, {
      product_id: 'id-kopi-beans',
      payment_method_id: method.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json() as Subscription;
    expect(pending.status).toBe('PENDING');
    const report = await server.app.reconciler.reconcileNow({
      at: new Date(Date.now() + 60_000),
    });
    expect(report.subscriptionsCreated).toBe(1);
    const active = await waitForSubscription(
      server,
      token,
      pending.id,
      'ACTIVE',
      (s) => s.status === 'ACTIVE' && cycleStatuses(s).includes('1 SUCCEEDED'),
    );
    // The refused-for-now call and its replay, under one key: one plan.
    expect(planCreatesLogged(active)).toHaveLength(2);
  });

  it('follows a plan the provider made though its answer was lost, with no second plan', async () => {
    proxy.inject('drop', { times: 1, match: planCreates });
    const created = await subscribe(server, token, {
      product_id: 'id-kopi-beans',
      payment_method_id: method.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json() as Subscription;
    expect(pending.status).toBe('PENDING');
    // The provider's webhooks name the plan by the subscription's reference.
    const active = await waitForSubscription(
      server,
      token,
      pending.id,
      'ACTIVE by webhook',
      (s) => s.status === 'ACTIVE' && cycleStatuses(s).includes('1 SUCCEEDED'),
    );
    await server.app.reconciler.reconcileNow({ at: new Date(Date.now() + 60_000) });
    const [row] = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, pending.id));
    const held = await providerClient(server).getRecurringPlan(row?.providerPlanId ?? '');
    expect(held.body.reference_id).toBe(pending.id);
    expect(planCreatesLogged(await read(server, token, active.id))).toHaveLength(1);
  });

  it('answers a retry of a create left unanswered long ago at once, PENDING, without waiting on it', async () => {
    proxy.inject('status503', { times: 1, match: planCreates });
    const key = randomUUID();
    const body = { product_id: 'id-kopi-beans', payment_method_id: method.id };
    const first = (await subscribe(server, token, body, key)).json() as Subscription;
    expect(first.status).toBe('PENDING');
    // Unanswered for a minute: the first request has long given up on the provider.
    await server.db
      .update(subscriptions)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, first.id));
    const startedAt = Date.now();
    const retry = await subscribe(server, token, body, key);
    expect(Date.now() - startedAt).toBeLessThan(server.config.xendit.timeoutMs / 2);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ id: first.id, status: 'PENDING' });
  });

  it("keeps the customer's cancel when the deactivation's answer is lost: CANCELLED, not ended by the provider", async () => {
    const created = (
      await subscribe(server, token, { product_id: 'id-kopi-beans', payment_method_id: method.id })
    ).json() as Subscription;
    await waitForSubscription(server, token, created.id, 'ACTIVE', (s) => s.status === 'ACTIVE');
    // The provider deactivates the plan and says so by webhook; the store never hears the answer.
    proxy.inject('drop', {
      times: 1,
      match: (verb, path) => verb === 'POST' && path.endsWith('/deactivate'),
    });
    const lost = await call(server, token, 'POST', `/api/subscriptions/${created.id}/cancel`);
    expect(lost.statusCode).toBeGreaterThanOrEqual(500);
    const ended = await waitForSubscription(
      server,
      token,
      created.id,
      'ended by the inactivation webhook',
      (s) => s.status !== 'ACTIVE',
    );
    expect(ended.status).toBe('CANCELLED');
    // Asked again, the cancel answers what the customer asked for.
    const again = await call(server, token, 'POST', `/api/subscriptions/${created.id}/cancel`);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Subscription).status).toBe('CANCELLED');
  });

  it("keeps the customer's cancel when a webhook read before it meets the plan ended after it", async () => {
    const created = (
      await subscribe(server, token, { product_id: 'id-kopi-beans', payment_method_id: method.id })
    ).json() as Subscription;
    await waitForSubscription(
      server,
      token,
      created.id,
      'ACTIVE',
      (s) => s.status === 'ACTIVE' && cycleStatuses(s).includes('1 SUCCEEDED'),
    );
    const planId = await planIdOf(server, created.id);
    const plan = (await providerClient(server).getRecurringPlan(planId)).body;
    // A webhook about the plan, checked before the cancel: its read of the plan is held. Only
    // the first read is: one of the plan's own webhooks still arriving may be the one held.
    proxy.inject('hold', {
      times: 1,
      match: (verb, path) => verb === 'GET' && path.endsWith(`/recurring/plans/${planId}`),
    });
    const early = server.deliverWebhook(webhookEnvelope('recurring.plan.activated', plan));
    await waitFor('the early webhook reading the plan', () => proxy.held === 1);
    // What a cancel whose answer was lost leaves: the request recorded, the plan deactivated.
    await server.db
      .update(subscriptions)
      .set({ cancelRequestedAt: new Date() })
      .where(eq(subscriptions.id, created.id));
    await providerClient(server).deactivateRecurringPlan(planId);
    // The early read answers now: the plan it reads is the one the cancel ended.
    proxy.release(1);
    expect((await early).statusCode).toBe(200);
    const ended = await waitForSubscription(
      server,
      token,
      created.id,
      'ended by the early webhook',
      (s) => s.status !== 'ACTIVE',
    );
    proxy.inject('pass');
    proxy.release();
    expect(ended.status).toBe('CANCELLED');
  });

  it('fails the subscription when the provider refuses the plan', async () => {
    proxy.inject('refuse', { times: 1, match: planCreates });
    const refused = await subscribe(server, token, {
      product_id: 'id-kopi-beans',
      payment_method_id: method.id,
    });
    expect(refused.statusCode).toBe(400);
    const { subscriptions: listed } = (
      await call(server, token, 'GET', '/api/subscriptions')
    ).json() as { subscriptions: Subscription[] };
    const failed = listed.find((s) => s.status === 'FAILED');
    expect(failed?.failure_code).toBe(refused.json().error_code);
  });
});
