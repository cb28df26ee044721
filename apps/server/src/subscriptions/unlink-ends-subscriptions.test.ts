import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, PaymentMethod, Subscription } from '@store/contract';
import { createXenditClient } from '@store/xendit';
import {
  startFaultProxy,
  type FaultProxy,
  type RequestMatcher,
} from '../../harness/fault-proxy.ts';
import { subscriptions } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { linkedEwallet } from '../test/linked-methods.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * Unlinking a saved method that pays a subscription: the store ends the plan first, through the
 * subscription's own cancel, so no plan goes on charging a token the store cancelled; a plan the
 * provider does not end keeps the method linked. Over HTTP, through a proxy that can refuse.
 */
describe('unlinking a method that pays subscriptions', () => {
  let server: TestServer;
  let proxy: FaultProxy;
  const deactivations: RequestMatcher = (verb, path) =>
    verb === 'POST' && /^\/recurring\/plans\/[^/]+\/deactivate$/.test(path);
  /** Calls the store made to the provider, of this "METHOD /path" shape. */
  const seen = (call: RegExp) =>
    [...proxy.seen].reduce((sum, [seenCall, count]) => sum + (call.test(seenCall) ? count : 0), 0);
  const tokenCancels = () => seen(/^POST \/v3\/payment_tokens\/[^/]+\/cancel$/);
  const deactivationsSeen = () => seen(/^POST \/recurring\/plans\/[^/]+\/deactivate$/);

  beforeAll(async () => {
    proxy = await startFaultProxy();
    server = await startTestServer({ XENDIT_BASE_URL: proxy.url });
    proxy.target = server.xendit.url;
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  async function call(token: string, method: 'GET' | 'POST', path: string, body?: object) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function activeSubscription(token: string, method: PaymentMethod) {
    const created = await subscribe(token, method.id);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body as Subscription;
    return waitFor(`${id} ACTIVE`, async () => {
      const read = (await call(token, 'GET', `/api/subscriptions/${id}`)).body as Subscription;
      return read.status === 'ACTIVE' && read;
    });
  }

  /** Calls that change something at the provider: a webhook's read-back may come at any time. */
  const providerCalls = () => seen(/^POST /);
  const tokenCancel: RequestMatcher = (verb, path) =>
    verb === 'POST' && /^\/v3\/payment_tokens\/[^/]+\/cancel$/.test(path);
  const subscribe = (token: string, methodId: string) =>
    call(token, 'POST', '/api/subscriptions', {
      product_id: 'id-kopi-beans',
      payment_method_id: methodId,
    });

  const readSubscription = async (token: string, id: string) =>
    (await call(token, 'GET', `/api/subscriptions/${id}`)).body as Subscription;
  const readMethod = async (token: string, id: string) =>
    (await call(token, 'GET', `/api/payment_methods/${id}`)).body as PaymentMethod;

  /** The plan as the provider holds it, read with the app's key straight from the simulator. */
  async function planStatus(subscriptionId: string) {
    const [row] = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    const client = createXenditClient({
      baseUrl: server.xendit.url,
      secretKey: server.config.xendit.keys.development.secretKey,
    });
    return (await client.getRecurringPlan(row?.providerPlanId ?? '')).body.status;
  }

  it('ends the plan it pays at the provider and in the store, then unlinks; no other plan is touched', async () => {
    const token = await server.signIn('unlinks-a-paying-method@example.com');
    const stranger = await server.signIn('keeps-their-plan@example.com');
    const [method, otherMethod, strangersMethod] = await Promise.all([
      linkedEwallet(server, token),
      linkedEwallet(server, token),
      linkedEwallet(server, stranger),
    ]);
    const paid = await activeSubscription(token, method);
    const paidByOther = await activeSubscription(token, otherMethod);
    const strangers = await activeSubscription(stranger, strangersMethod);

    // Payment Methods can say what unlinking would cancel before the customer presses Unlink.
    const listed = (await call(token, 'GET', '/api/payment_methods?with_config=true')).body as {
      payment_methods: PaymentMethod[];
    };
    expect(listed.payment_methods.find((m) => m.id === method.id)?.open_subscriptions).toEqual([
      { id: paid.id, product_name: 'Kopi Arabica Beans', status: 'ACTIVE' },
    ]);
    expect(listed.payment_methods.find((m) => m.id === otherMethod.id)?.open_subscriptions).toEqual(
      [{ id: paidByOther.id, product_name: 'Kopi Arabica Beans', status: 'ACTIVE' }],
    );

    const unlinked = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(unlinked.body).toMatchObject({ status: 'CANCELED', open_subscriptions: [] });
    expect((await readSubscription(token, paid.id)).status).toBe('CANCELLED');
    expect(await planStatus(paid.id)).toBe('INACTIVE');

    // The customer's plan on another method, and another customer's, run on.
    expect((await readSubscription(token, paidByOther.id)).status).toBe('ACTIVE');
    expect(await planStatus(paidByOther.id)).toBe('ACTIVE');
    expect((await readSubscription(stranger, strangers.id)).status).toBe('ACTIVE');
    expect(await planStatus(strangers.id)).toBe('ACTIVE');

    // Again: the same answer, and nothing more asked of the provider.
    const deactivated = deactivationsSeen();
    const cancels = tokenCancels();
    const again = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'CANCELED' });
    expect(deactivationsSeen()).toBe(deactivated);
    expect(tokenCancels()).toBe(cancels);
  });

  it('keeps the method linked and the plan running when the provider refuses to end the plan', async () => {
    const token = await server.signIn('unlink-refused@example.com');
    const method = await linkedEwallet(server, token);
    const paid = await activeSubscription(token, method);
    const cancels = tokenCancels();

    proxy.inject('refuse', { times: 1, match: deactivations });
    const refused = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const error = refused.body as ApiErrorBody;
    expect(error.error_code).toBe('PAYMENT_METHOD_PAYS_SUBSCRIPTION');
    expect(error.message).toContain(paid.id);
    expect(tokenCancels()).toBe(cancels);
    expect((await readMethod(token, method.id)).status).toBe('ACTIVE');
    expect((await readSubscription(token, paid.id)).status).toBe('ACTIVE');
    expect(await planStatus(paid.id)).toBe('ACTIVE');

    // Asked again once the provider answers, both end.
    const unlinked = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect((await readSubscription(token, paid.id)).status).toBe('CANCELLED');
    expect(await planStatus(paid.id)).toBe('INACTIVE');
  });

  // Attacks: another customer, racing unlinks and subscribes, a lost answer.
  it("another customer's method: 404, no provider call, nothing changes", async () => {
    const owner = await server.signIn('victim-owner@example.com');
    const attacker = await server.signIn('attacker-unlink@example.com');
    const method = await linkedEwallet(server, owner);
    const paid = await activeSubscription(owner, method);
    const before = providerCalls();
    const tried = await call(attacker, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(tried.status).toBe(404);
    expect((tried.body as ApiErrorBody).error_code).toBeTruthy();
    const read = await call(attacker, 'GET', `/api/payment_methods/${method.id}`);
    expect(read.status).toBe(404);
    const listed = (await call(attacker, 'GET', '/api/payment_methods?with_config=true')).body as {
      payment_methods: PaymentMethod[];
    };
    expect(listed.payment_methods).toEqual([]);
    // The attacker subscribing with the victim's method: not found either.
    expect((await subscribe(attacker, method.id)).status).toBe(404);
    expect(providerCalls()).toBe(before);
    const own = (await call(owner, 'GET', `/api/payment_methods/${method.id}`))
      .body as PaymentMethod;
    expect(own).toMatchObject({
      status: 'ACTIVE',
      open_subscriptions: [{ id: paid.id, product_name: 'Kopi Arabica Beans', status: 'ACTIVE' }],
    });
  });

  it('concurrent unlinks: one ends the plan and cancels the token, the others are told it is under way', async () => {
    const token = await server.signIn('concurrent-unlinks@example.com');
    const method = await linkedEwallet(server, token);
    const paid = await activeSubscription(token, method);
    const deactivations = seen(/deactivate$/);
    const cancels = seen(/payment_tokens\/[^/]+\/cancel$/);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(token, 'POST', `/api/payment_methods/${method.id}/cancel`),
      ),
    );
    const codes = answers.map((answer) =>
      answer.status === 200 ? 200 : `${answer.status} ${(answer.body as ApiErrorBody).error_code}`,
    );
    for (const code of codes) expect([200, '409 PAYMENT_METHOD_NOT_ACTIONABLE']).toContain(code);
    expect(seen(/deactivate$/) - deactivations).toBe(1);
    expect(seen(/payment_tokens\/[^/]+\/cancel$/) - cancels).toBe(1);
    const read = (await call(token, 'GET', `/api/payment_methods/${method.id}`))
      .body as PaymentMethod;
    expect(read.status).toBe('CANCELED');
    const sub = (await call(token, 'GET', `/api/subscriptions/${paid.id}`)).body as Subscription;
    expect(sub.status).toBe('CANCELLED');
  });

  it('a subscribe while the token is being cancelled is refused: no plan on a CANCELED method', async () => {
    const token = await server.signIn('unlink-races-subscribe@example.com');
    const method = await linkedEwallet(server, token);
    const plans = seen(/^POST \/recurring\/plans$/);
    proxy.inject('hold', { times: 1, match: tokenCancel });
    const unlinking = call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    await waitFor('token cancel held', () => proxy.held === 1);
    const subscribed = await subscribe(token, method.id);
    proxy.release();
    const unlinked = await unlinking;
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(unlinked.body).toMatchObject({ status: 'CANCELED', open_subscriptions: [] });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(409);
    expect((subscribed.body as ApiErrorBody).error_code).toBe('PAYMENT_METHOD_NOT_SUBSCRIBABLE');
    expect(seen(/^POST \/recurring\/plans$/)).toBe(plans);
    const rows = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.paymentMethodId, method.id));
    expect(rows).toEqual([]);
  });

  it('an unlink while a subscribe awaits the provider keeps the method; later it ends both', async () => {
    const token = await server.signIn('unlink-during-create@example.com');
    const method = await linkedEwallet(server, token);
    const planCreate: RequestMatcher = (verb, path) =>
      verb === 'POST' && path === '/recurring/plans';
    proxy.inject('hold', { times: 1, match: planCreate });
    const subscribing = subscribe(token, method.id);
    await waitFor('plan create held', () => proxy.held === 1);
    const cancels = seen(/payment_tokens\/[^/]+\/cancel$/);
    const refused = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(refused.status).toBe(409);
    expect((refused.body as ApiErrorBody).error_code).toBe('PAYMENT_METHOD_PAYS_SUBSCRIPTION');
    expect(seen(/payment_tokens\/[^/]+\/cancel$/)).toBe(cancels);
    proxy.release();
    const created = await subscribing;
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The refused unlink left no claim: the customer may unlink again at once.
    const unlinked = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    const sub = (
      await call(token, 'GET', `/api/subscriptions/${(created.body as Subscription).id}`)
    ).body as Subscription;
    expect(sub.status).toBe('CANCELLED');
  });
  it('an unlink whose answer was lost: the next one reads the token back and ends CANCELED', async () => {
    const token = await server.signIn('unlink-answer-lost@example.com');
    const method = await linkedEwallet(server, token);
    // The provider cancels the token; the store never hears.
    proxy.inject('drop', { times: 1, match: tokenCancel });
    const lost = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(lost.status).toBeGreaterThanOrEqual(500);
    const cancels = seen(/payment_tokens\/[^/]+\/cancel$/);
    const again = await call(token, 'POST', `/api/payment_methods/${method.id}/cancel`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'CANCELED' });
    // The provider refused the second cancel; the token read back said what the first had done.
    expect(seen(/payment_tokens\/[^/]+\/cancel$/) - cancels).toBe(1);
    const read = (await call(token, 'GET', `/api/payment_methods/${method.id}`))
      .body as PaymentMethod;
    expect(read.status).toBe('CANCELED');
  });
});
