import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, Subscription } from '@store/contract';
import { exchanges } from '../db/schema.ts';
import { subscriptionOperationsShown } from './subscription-view.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { linkedEwallet } from '../test/linked-methods.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * "Run next cycle now" looped on one subscription: each run calls the provider and keeps the calls
 * in the subscription's log, read whole with it, so the loop is bounded per subscription (as a
 * record's reads are), not only per customer and minute; a stranger's tries spend none of it.
 */
let server: TestServer;
let token: string;
let method: PaymentMethod;
beforeAll(async () => {
  server = await startTestServer({ PROVIDER_READS_PER_CUSTOMER_PER_MINUTE: '100' });
  token = await server.signIn('run-looper@example.com');
  method = await linkedEwallet(server, token);
});
afterAll(() => server?.close());

const call = (bearer: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${bearer}`,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(payload ?? {}),
  });

const logSize = async (subscriptionId: string) =>
  (
    await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exchanges)
      .where(and(eq(exchanges.subscriptionId, subscriptionId), eq(exchanges.kind, 'request')))
  )[0]?.n ?? 0;

describe('run next cycle, looped', () => {
  it("stops at the subscription's budget of runs, growing its log by no more", async () => {
    const created = await call(token, 'POST', '/api/subscriptions', {
      product_id: 'id-sandbox-subscription-declined',
      payment_method_id: method.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Subscription;
    // Its cycle is declined and retried: ACTIVE, and no cycle scheduled for a run to charge.
    await waitFor(`${id} retrying its cycle`, async () => {
      const read = (await call(token, 'GET', `/api/subscriptions/${id}`)).json() as Subscription;
      return read.status === 'ACTIVE' && read.cycles?.some((c) => c.status === 'RETRYING');
    });

    // A stranger's tries are 404 and take nothing from the owner's budget.
    const stranger = await server.signIn('run-stranger@example.com');
    for (let i = 0; i < 12; i += 1) {
      const tried = await call(stranger, 'POST', `/api/subscriptions/${id}/run_next_cycle`);
      expect(tried.statusCode, tried.body).toBe(404);
    }

    const before = await logSize(id);
    const answers = [];
    for (let i = 0; i < 35; i += 1) {
      answers.push(await call(token, 'POST', `/api/subscriptions/${id}/run_next_cycle`));
    }
    const codes = answers.map((answer) => answer.statusCode);
    // Runs that find no cycle scheduled spend the looser budget of reads, not the 10 runs.
    expect(codes.slice(0, 30), codes.join()).toEqual(Array(30).fill(409));
    expect(answers[0]?.json()).toMatchObject({ error_code: 'NO_SCHEDULED_CYCLE' });
    expect(codes.slice(30), codes.join()).toEqual(Array(5).fill(429));
    expect(answers[30]?.json()).toMatchObject({ error_code: 'RATE_LIMIT_EXCEEDED' });
    expect(answers[30]?.headers['retry-after']).toBeDefined();
    // One cycles read a run; the refused runs call nothing.
    expect(await logSize(id)).toBeLessThanOrEqual(before + 30);

    // The customer's other subscription has its own budget.
    const other = await call(token, 'POST', '/api/subscriptions', {
      product_id: 'id-kopi-beans',
      payment_method_id: method.id,
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = (other.json() as Subscription).id;
    await waitFor(`${otherId} with a cycle scheduled`, async () => {
      const read = (
        await call(token, 'GET', `/api/subscriptions/${otherId}`)
      ).json() as Subscription;
      return read.status === 'ACTIVE' && read.cycles?.some((c) => c.status === 'SCHEDULED');
    });
    const run = await call(token, 'POST', `/api/subscriptions/${otherId}/run_next_cycle`);
    expect(run.statusCode, run.body).toBe(200);
  });

  it('charges at most 10 cycles by runs in 50 minutes, and no more than its runs', async () => {
    const created = await call(token, 'POST', '/api/subscriptions', {
      product_id: 'id-kopi-beans',
      payment_method_id: method.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Subscription;
    const codes: number[] = [];
    const charged = () => codes.filter((code) => code === 200).length;
    // A run too soon after the last finds no cycle scheduled yet (409): tried again a moment on.
    while (charged() < 11 && codes.at(-1) !== 429 && codes.length < 28) {
      const run = await call(token, 'POST', `/api/subscriptions/${id}/run_next_cycle`);
      codes.push(run.statusCode);
      if (run.statusCode === 409) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(charged(), codes.join()).toBe(10);
    // Refused by its runs' budget, with the reads' budget (30) not yet spent.
    expect(codes.at(-1), codes.join()).toBe(429);
    expect(codes.length, codes.join()).toBeLessThan(30);
  });

  it("shows a long-running plan's newest operations only, not every one it ever made", async () => {
    const created = await call(token, 'POST', '/api/subscriptions', {
      product_id: 'id-sandbox-daily-subscription',
      payment_method_id: method.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Subscription;
    const [first] = await server.db
      .select()
      .from(exchanges)
      .where(and(eq(exchanges.subscriptionId, id), eq(exchanges.kind, 'request')))
      .limit(1);
    if (!first) throw new Error('no exchange of the create');
    // A year of the reconciler's quiet reads: two calls every 15 minutes.
    const yearOfReads = 2 * 4 * 24 * 365;
    const rows = Array.from({ length: yearOfReads }, (_, i) => ({
      ...first,
      id: `op_year_${i}`,
      createdAt: new Date(Date.now() - (i + 1) * 7 * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 2_000) {
      await server.db.insert(exchanges).values(rows.slice(i, i + 2_000));
    }
    const read = await call(token, 'GET', `/api/subscriptions/${id}`);
    expect(read.statusCode, read.body.slice(0, 200)).toBe(200);
    const operations = (read.json() as Subscription).xendit_operations ?? [];
    expect(operations.length).toBe(subscriptionOperationsShown);
    // The newest: the plan's own calls of just now come first.
    expect(operations.some((operation) => operation.id === first.id)).toBe(true);
  });
});
