import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RECURRING_TEST_AMOUNTS,
  TEST_CARDS,
  XenditError,
  type CreateRecurringPlanBody,
  type RecurringCycle,
  type XenditClient,
} from '@store/xendit';
import { testSettings } from '../../../../scripts/test-settings.ts';
import { createThrowawayDatabase } from '../../../../scripts/postgres-databases.ts';
import type { XenditSimulator } from '../index.ts';
import { descriptionPath, descriptionPresent } from '../testing/published-description.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';
import type { ReceivedWebhook } from '../testing/webhook-receiver.ts';

// Subscriptions over real HTTP, on PGlite and, with TEST_DATABASE_URL, on a PostgreSQL server.
// A "slow" simulator has hour-long days (cycles wait, so the test drives them with simulate,
// force_attempt and cancel); a "fast" one has 300 ms days, so that cycles and retries come by
// themselves as scheduled.

type Json = Record<string, unknown>;

const DAY_FAST = 300;
const HOUR = 3_600_000;
const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;

// Each storage starts its own simulators, all on the one receiver.
const sim = simulatorUnderTest({ keyPrefix: 'recurring', simulator: false });
const { account, key } = sim;

const about =
  (event: string, id: string) =>
  ({ body }: ReceivedWebhook) =>
    body.event === event && JSON.stringify(body.data).includes(`"${id}"`);

const received = (event: string, id: string) => sim.receiver.received.filter(about(event, id));

/** Each storage: how to open one more simulator on the same database, and how to drop it. */
type Storage = {
  name: string;
  open: (recurringDayMs: number) => Promise<XenditSimulator>;
  shared: boolean;
  close: () => Promise<void>;
};

async function pgliteStorage(): Promise<Storage> {
  const dataDir = await mkdtemp(join(tmpdir(), 'xendit-recurring-'));
  return {
    name: 'PGlite',
    shared: false,
    open: (recurringDayMs) => sim.start({ dataDir, recurringDayMs }),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStorage(): Promise<Storage> {
  const database = await createThrowawayDatabase(serverUrl ?? '', 'xendit_recurring');
  return {
    name: 'PostgreSQL',
    shared: true,
    open: (recurringDayMs) => sim.start({ databaseUrl: database.url, recurringDayMs }),
    close: database.drop,
  };
}

const storages: { name: string; make: () => Promise<Storage> }[] = [
  { name: 'PGlite', make: pgliteStorage },
  ...(serverUrl ? [{ name: 'PostgreSQL', make: postgresStorage }] : []),
];

const clientOf = (simulator: XenditSimulator) => sim.client({ simulator });

async function cardToken(client: XenditClient, customerReference: string) {
  const { body } = await client.createPaymentToken(
    {
      reference_id: `card-${key()}`,
      country: 'ID',
      currency: 'IDR',
      channel_code: 'CARDS',
      channel_properties: {
        card_details: {
          card_number: TEST_CARDS.frictionless[0],
          expiry_month: '12',
          expiry_year: '2030',
          cvn: '123',
        },
      },
      customer: {
        type: 'INDIVIDUAL',
        reference_id: customerReference,
        individual_detail: { given_names: 'Ana', surname: 'Santos' },
      },
    },
    { idempotencyKey: key() },
  );
  expect(body.status).toBe('ACTIVE');
  return body;
}

async function planBody(
  client: XenditClient,
  schedule: Partial<CreateRecurringPlanBody['schedule']>,
  overrides: Partial<CreateRecurringPlanBody> = {},
): Promise<CreateRecurringPlanBody> {
  const token = await cardToken(client, `subscriber-${key()}`);
  return {
    reference_id: `plan-${key()}`,
    customer_id: token.customer_id ?? '',
    recurring_action: 'PAYMENT',
    currency: 'IDR',
    amount: RECURRING_TEST_AMOUNTS.succeeds,
    payment_methods: [{ payment_method_id: token.payment_token_id, rank: 1 }],
    schedule: {
      reference_id: `schedule-${key()}`,
      interval: 'DAY',
      interval_count: 1,
      retry_interval: 'DAY',
      retry_interval_count: 1,
      total_retry: 2,
      ...schedule,
    },
    description: 'Kopi of the month',
    ...overrides,
  };
}

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * A time `ms` from now as an anchor date the provider keeps as given: it moves one on the 29th to
 * 31st of a month to the 1st of the next (schedule.ts), so on those days the same time on the 1st.
 */
function anchorLater(ms: number): string {
  const anchor = new Date(Date.now() + ms);
  if (anchor.getUTCDate() > 28) anchor.setUTCMonth(anchor.getUTCMonth() + 1, 1);
  return anchor.toISOString();
}

async function firstCycle(client: XenditClient, planId: string): Promise<RecurringCycle> {
  const created = await sim.receiver.waitFor(about('recurring.cycle.created', planId));
  return created.body.data as RecurringCycle;
}

async function refused(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(XenditError);
  return error as XenditError;
}

describe.each(storages)('subscriptions on $name', ({ make }) => {
  // PGlite on disk is one process's: each simulator of a kind has its own storage.
  let storage: Storage;
  let fastStorage: Storage;
  let slow: XenditSimulator;
  let fast: XenditSimulator;
  let slowClient: XenditClient;
  let fastClient: XenditClient;

  beforeAll(async () => {
    storage = await make();
    slow = await storage.open(HOUR);
    slowClient = clientOf(slow);
  });
  afterAll(async () => {
    await slow?.close();
    await fast?.close();
    await storage?.close();
    await fastStorage?.close();
  });

  it('creates a plan PENDING, activates it and schedules its first cycle on the anchor date', async () => {
    const anchor = anchorLater(2 * HOUR);
    const body = await planBody(slowClient, { anchor_date: anchor });
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    expect(plan).toMatchObject({ status: 'PENDING', reference_id: body.reference_id });
    expect(plan.id).toMatch(/^repl-/);
    expect(plan.schedule.id).toMatch(/^resc-/);

    await sim.receiver.waitFor(about('recurring.plan.activated', plan.id));
    const cycle = await firstCycle(slowClient, plan.id);
    expect(cycle).toMatchObject({ status: 'SCHEDULED', cycle_number: 1, amount: 13579 });
    expect(cycle.scheduled_timestamp).toBe(anchor);
    expect((await slowClient.getRecurringPlan(plan.id)).body.status).toBe('ACTIVE');
    const [activated] = received('recurring.plan.activated', plan.id);
    expect(activated?.headers['x-callback-token']).toBe(account.callbackToken);
  });

  it('runs a cycle now with simulate: a payment request of its own, refundable like any other', async () => {
    const body = await planBody(slowClient, { anchor_date: later(HOUR) });
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    const cycle = await firstCycle(slowClient, plan.id);

    const { body: simulated } = await slowClient.simulateRecurringCycle(plan.id, cycle.id);
    expect(simulated.status).toBe('SUCCEEDED');
    const [attempt] = simulated.attempt_details ?? [];
    expect(attempt).toMatchObject({ attempt_number: 1, type: 'INITIAL', status: 'SUCCEEDED' });
    await sim.receiver.waitFor(about('recurring.cycle.succeeded', cycle.id));

    const paymentRequest = (await slowClient.getPaymentRequest(attempt?.action_id ?? '')).body;
    expect(paymentRequest).toMatchObject({
      status: 'SUCCEEDED',
      request_amount: 13579,
      payment_token_id: body.payment_methods?.[0]?.payment_method_id,
    });
    const refund = await slowClient.createRefund(
      { payment_request_id: paymentRequest.payment_request_id, reason: 'CANCELLATION' },
      { idempotencyKey: key() },
    );
    expect(refund.body.payment_request_id).toBe(paymentRequest.payment_request_id);

    // The next cycle, one interval after the first one's date.
    const cycles = (await slowClient.listRecurringCycles(plan.id)).body;
    expect(cycles.map((c) => [c.cycle_number, c.status])).toEqual([
      [1, 'SUCCEEDED'],
      [2, 'SCHEDULED'],
    ]);
    const again = await refused(slowClient.simulateRecurringCycle(plan.id, cycle.id));
    expect([again.status, again.errorCode]).toEqual([403, 'INELIGIBLE_CYCLE_REQUEST']);
  });

  it('cancels a scheduled cycle: no charge, and the plan goes on to the next one', async () => {
    const body = await planBody(slowClient, { anchor_date: later(HOUR) });
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    const cycle = await firstCycle(slowClient, plan.id);

    const { body: cancelled } = await slowClient.cancelRecurringCycle(plan.id, cycle.id);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', attempt_count: 0 });
    const cycles = (await slowClient.listRecurringCycles(plan.id)).body;
    expect(cycles.map((c) => [c.cycle_number, c.status])).toEqual([
      [1, 'CANCELLED'],
      [2, 'SCHEDULED'],
    ]);
    const again = await refused(slowClient.cancelRecurringCycle(plan.id, cycle.id));
    expect([again.status, again.errorCode]).toEqual([403, 'INELIGIBLE_CYCLE_REQUEST']);
  });

  it('deactivates a plan: INACTIVE, its cycle cancelled, and no cycle runs after', async () => {
    const body = await planBody(slowClient, { anchor_date: later(HOUR) });
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    const cycle = await firstCycle(slowClient, plan.id);

    const { body: deactivated } = await slowClient.deactivateRecurringPlan(plan.id);
    expect(deactivated.status).toBe('INACTIVE');
    await sim.receiver.waitFor(about('recurring.plan.inactivated', plan.id));
    expect((await slowClient.getRecurringCycle(plan.id, cycle.id)).body.status).toBe('CANCELLED');
    const forced = await refused(slowClient.forceRecurringCycleAttempt(plan.id, cycle.id));
    expect([forced.status, forced.errorCode]).toEqual([403, 'INELIGIBLE_CYCLE_REQUEST']);
  });

  it('forces an attempt on a cycle before its date', async () => {
    const body = await planBody(slowClient, { anchor_date: later(HOUR) });
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    const cycle = await firstCycle(slowClient, plan.id);
    const { body: forced } = await slowClient.forceRecurringCycleAttempt(plan.id, cycle.id);
    expect(forced.status).toBe('SUCCEEDED');
    expect(forced.attempt_details?.[0]?.type).toBe('FORCED');
  });

  it('a refused forced attempt leaves the cycle as it was, with force_attempt_failed', async () => {
    const body = await planBody(
      slowClient,
      { anchor_date: later(HOUR), total_retry: 1 },
      { amount: RECURRING_TEST_AMOUNTS.insufficientBalance },
    );
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    const cycle = await firstCycle(slowClient, plan.id);
    const { body: forced } = await slowClient.forceRecurringCycleAttempt(plan.id, cycle.id);
    expect(forced).toMatchObject({
      status: 'SCHEDULED',
      scheduled_timestamp: cycle.scheduled_timestamp,
      attempt_count: 1,
    });
    expect(forced.attempt_details?.[0]).toMatchObject({ type: 'FORCED', status: 'FAILED' });
    await sim.receiver.waitFor(about('recurring.cycle.force_attempt_failed', cycle.id));
    expect(received('recurring.cycle.retrying', cycle.id)).toEqual([]);
    expect(received('recurring.cycle.failed', cycle.id)).toEqual([]);
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await slowClient.forceRecurringCycleAttempt(plan.id, cycle.id);
    }
    const sixth = await refused(slowClient.forceRecurringCycleAttempt(plan.id, cycle.id));
    expect([sixth.status, sixth.errorCode]).toEqual([403, 'INELIGIBLE_CYCLE_REQUEST']);
  });

  it('takes a plan with metadata null, as the provider’s test guide sends it, at the path its Node SDK posts to', async () => {
    const body = await planBody(slowClient, { anchor_date: later(HOUR) });
    // xendit-node's src/recurring/manage_plans.js writes the path with a trailing slash.
    const response = await fetch(`${slow.url}/recurring/plans/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...body, metadata: null }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Json).metadata ?? null).toBeNull();
  });

  it('starts a plan anchored in the past now, without charging the cycles before today', async () => {
    // The provider's test guide (https://docs.xendit.co/recurring/test-setup, "Success Plan
    // Creation Simulation Example") sends this schedule as it is, anchored on 2022-02-15.
    const body = await planBody(
      slowClient,
      {
        interval: 'MONTH',
        interval_count: 1,
        total_recurrence: 12,
        anchor_date: '2022-02-15T16:23:52Z',
        retry_interval: 'DAY',
        retry_interval_count: 3,
        total_retry: 2,
      },
      { immediate_action_type: 'FULL_AMOUNT' },
    );
    const { body: plan } = await slowClient.createRecurringPlan(body, { idempotencyKey: key() });
    await sim.receiver.waitFor(about('recurring.plan.activated', plan.id));
    const scheduled = await sim.receiver.waitFor(
      (webhook) =>
        about('recurring.cycle.created', plan.id)(webhook) &&
        (webhook.body.data as RecurringCycle).type === 'SCHEDULED',
    );
    const next = scheduled.body.data as RecurringCycle;
    expect(next.cycle_number).toBe(2);
    expect(Date.parse(next.scheduled_timestamp ?? '')).toBeGreaterThan(Date.now());
    // Time for cycles the worker would have charged after it, had it gone back to 2022.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const cycles = (await slowClient.listRecurringCycles(plan.id)).body;
    expect(cycles.map((c) => [c.cycle_number, c.type, c.status])).toEqual([
      [1, 'IMMEDIATE', 'SUCCEEDED'],
      [2, 'SCHEDULED', 'SCHEDULED'],
    ]);
  });

  it('refuses a token that is not the customer’s, and one it does not know', async () => {
    const body = await planBody(slowClient, {});
    const other = await cardToken(slowClient, `someone-else-${key()}`);
    const mismatched = await refused(
      slowClient.createRecurringPlan(
        { ...body, payment_methods: [{ payment_method_id: other.payment_token_id, rank: 1 }] },
        { idempotencyKey: key() },
      ),
    );
    expect([mismatched.status, mismatched.errorCode]).toEqual([400, 'INVALID_PAYMENT_METHOD_ID']);
    const unknown = await refused(
      slowClient.createRecurringPlan(
        { ...body, payment_methods: [{ payment_method_id: 'pt-unknown', rank: 1 }] },
        { idempotencyKey: key() },
      ),
    );
    expect([unknown.status, unknown.errorCode]).toEqual([404, 'PAYMENT_METHOD_ID_NOT_FOUND']);
    // A customer the simulator never made is the description's 404, before whose the token is.
    const noCustomer = await refused(
      slowClient.createRecurringPlan(
        {
          ...body,
          customer_id: 'cust-00000000-0000-0000-0000-000000000000',
          payment_methods: [{ payment_method_id: other.payment_token_id, rank: 1 }],
        },
        { idempotencyKey: key() },
      ),
    );
    expect([noCustomer.status, noCustomer.errorCode]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });

  describe('on schedule', () => {
    beforeAll(async () => {
      fastStorage = await make();
      fast = await fastStorage.open(DAY_FAST);
      fastClient = clientOf(fast);
    });

    it('charges each cycle on its date and ends the plan after total_recurrence', async () => {
      const body = await planBody(fastClient, { total_recurrence: 2 });
      const { body: plan } = await fastClient.createRecurringPlan(body, { idempotencyKey: key() });
      await sim.receiver.waitFor(about('recurring.plan.inactivated', plan.id), 15_000);
      const cycles = (await fastClient.listRecurringCycles(plan.id)).body;
      expect(cycles.map((c) => [c.cycle_number, c.status, c.attempt_count])).toEqual([
        [1, 'SUCCEEDED', 1],
        [2, 'SUCCEEDED', 1],
      ]);
      const paymentRequests = cycles.map((c) => c.attempt_details?.[0]?.action_id);
      expect(new Set(paymentRequests).size).toBe(2);
      // Webhooks are delivered side by side, in no promised order: the plan's end can arrive
      // before its last cycle's.
      await vi.waitFor(
        () => expect(received('recurring.cycle.succeeded', plan.id)).toHaveLength(2),
        { timeout: 15_000 },
      );
    });

    it('retries a failed cycle as scheduled, and the retry succeeds', async () => {
      const body = await planBody(fastClient, { anchor_date: later(HOUR) });
      const { body: plan } = await fastClient.createRecurringPlan(body, { idempotencyKey: key() });
      const cycle = await firstCycle(fastClient, plan.id);
      const { body: failed } = await fastClient.simulateRecurringCycle(plan.id, cycle.id, {
        amount: RECURRING_TEST_AMOUNTS.insufficientBalance,
      });
      expect(failed.status).toBe('RETRYING');
      expect(failed.attempt_details?.[0]).toMatchObject({
        status: 'FAILED',
        failure_code: 'INSUFFICIENT_BALANCE',
      });
      await sim.receiver.waitFor(about('recurring.cycle.retrying', cycle.id));
      await sim.receiver.waitFor(about('recurring.cycle.succeeded', cycle.id), 10_000);
      const retried = (await fastClient.getRecurringCycle(plan.id, cycle.id)).body;
      expect(retried.attempt_details?.map((a) => [a.type, a.status])).toEqual([
        ['INITIAL', 'FAILED'],
        ['RETRY', 'SUCCEEDED'],
      ]);
    });

    it('ends a plan with failed_cycle_action STOP after its last failed retry', async () => {
      const body = await planBody(
        fastClient,
        { total_retry: 1 },
        { amount: RECURRING_TEST_AMOUNTS.insufficientBalance, failed_cycle_action: 'STOP' },
      );
      const { body: plan } = await fastClient.createRecurringPlan(body, { idempotencyKey: key() });
      await sim.receiver.waitFor(about('recurring.plan.inactivated', plan.id), 15_000);
      const [cycle, ...none] = (await fastClient.listRecurringCycles(plan.id)).body;
      expect(none).toEqual([]);
      expect(cycle?.status).toBe('FAILED');
      expect(cycle?.attempt_details?.map((a) => [a.type, a.failure_code])).toEqual([
        ['INITIAL', 'INSUFFICIENT_BALANCE'],
        ['RETRY', 'INSUFFICIENT_BALANCE'],
      ]);
      // As above: the cycle's events may arrive after the plan's.
      await vi.waitFor(
        () => {
          expect(received('recurring.cycle.retrying', plan.id)).toHaveLength(1);
          expect(received('recurring.cycle.failed', plan.id)).toHaveLength(1);
        },
        { timeout: 15_000 },
      );
      expect((await fastClient.getRecurringPlan(plan.id)).body.status).toBe('INACTIVE');
    });
  });

  it('loses no cycle to a restart between cycles', async () => {
    await fast?.close();
    const first = await fastStorage.open(DAY_FAST);
    const firstClient = clientOf(first);
    // The first cycle runs at once, the second 10 days of 300 ms after it: the simulator stops
    // between them (on a busy machine too), its successor runs the second. No anchor a few
    // seconds ahead: on the 29th to 31st of a month the provider would move it to the 1st.
    const body = await planBody(firstClient, { interval_count: 10, total_recurrence: 2 });
    const { body: plan } = await firstClient.createRecurringPlan(body, { idempotencyKey: key() });
    const cycleOne = await firstCycle(firstClient, plan.id);
    await sim.receiver.waitFor(about('recurring.cycle.succeeded', cycleOne.id), 15_000);
    const created = await sim.receiver.waitFor(
      (webhook) =>
        about('recurring.cycle.created', plan.id)(webhook) &&
        (webhook.body.data as RecurringCycle).cycle_number === 2,
      15_000,
    );
    const cycleTwo = created.body.data as RecurringCycle;
    await first.close();
    expect(received('recurring.cycle.succeeded', cycleTwo.id)).toEqual([]);

    fast = await fastStorage.open(DAY_FAST);
    fastClient = clientOf(fast);
    await sim.receiver.waitFor(about('recurring.cycle.succeeded', cycleTwo.id), 15_000);
    await sim.receiver.waitFor(about('recurring.plan.inactivated', plan.id), 15_000);
    const cycles = (await fastClient.listRecurringCycles(plan.id)).body;
    expect(
      cycles
        .map((c) => [c.cycle_number, c.status, c.attempt_count])
        .sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual([
      [1, 'SUCCEEDED', 1],
      [2, 'SUCCEEDED', 1],
    ]);
  });

  it('runs each cycle once when two simulators share the database', async (context) => {
    if (!fastStorage.shared) {
      context.skip('two processes share a PostgreSQL server only');
    }
    const second = await fastStorage.open(DAY_FAST);
    try {
      const body = await planBody(fastClient, { total_recurrence: 3 });
      const { body: plan } = await fastClient.createRecurringPlan(body, { idempotencyKey: key() });
      await sim.receiver.waitFor(about('recurring.plan.inactivated', plan.id), 20_000);
      const cycles = (await clientOf(second).listRecurringCycles(plan.id)).body;
      expect(cycles.map((c) => [c.cycle_number, c.status, c.attempt_count])).toEqual([
        [1, 'SUCCEEDED', 1],
        [2, 'SUCCEEDED', 1],
        [3, 'SUCCEEDED', 1],
      ]);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(!descriptionPresent)("the description's /recurring examples", () => {
  let simulator: XenditSimulator;
  let client: XenditClient;
  const document = descriptionPresent ? (parse(readFileSync(descriptionPath, 'utf8')) as Json) : {};

  beforeAll(async () => {
    simulator = await sim.start({ recurringDayMs: HOUR });
    client = clientOf(simulator);
  });
  afterAll(() => simulator?.close());

  /** The error body the description shows for one answer of one operation. */
  function shown(path: string, method: string, status: number, name?: string) {
    const media = ((((document.paths as Json)[path] as Json)[method] as Json).responses as Json)[
      String(status)
    ] as Json;
    const json = (media.content as Json)['application/json'] as Json;
    const value = name
      ? ((json.examples as Json)[name] as Json).value
      : (json.example ?? (json.schema as Json).example);
    return value as { error_code: string; message: string };
  }

  async function answerOf(call: Promise<unknown>) {
    const error = await refused(call);
    return { status: error.status, body: { error_code: error.errorCode, message: error.message } };
  }

  it('answers each /recurring error example with its status, code and message', async () => {
    const body = await planBody(client, { anchor_date: later(HOUR) });
    const { body: plan } = await client.createRecurringPlan(body, { idempotencyKey: key() });
    const cycle = await firstCycle(client, plan.id);
    await client.cancelRecurringCycle(plan.id, cycle.id);
    const cases = [
      {
        call: () => client.getRecurringPlan('repl-unknown'),
        shown: [404, shown('/recurring/plans/{id}', 'get', 404, 'DATA_NOT_FOUND')],
      },
      {
        call: () => client.deactivateRecurringPlan('repl-unknown'),
        shown: [404, shown('/recurring/plans/{id}/deactivate', 'post', 404, 'DATA_NOT_FOUND')],
      },
      {
        call: () => client.listRecurringCycles('repl-unknown'),
        shown: [404, shown('/recurring/plans/{id}/cycles', 'get', 404, 'DATA_NOT_FOUND')],
      },
      {
        call: () => client.getRecurringCycle(plan.id, 'recy-unknown'),
        shown: [404, shown('/recurring/plans/{plan_id}/cycles/{id}', 'get', 404, 'DATA_NOT_FOUND')],
      },
      {
        call: () => client.cancelRecurringCycle(plan.id, cycle.id),
        shown: [
          403,
          shown(
            '/recurring/plans/{plan_id}/cycles/{id}/cancel',
            'post',
            403,
            'INELIGIBLE_CYCLE_REQUEST',
          ),
        ],
      },
      {
        call: () => client.simulateRecurringCycle(plan.id, cycle.id),
        shown: [
          403,
          shown(
            '/recurring/plans/{plan_id}/cycles/{id}/simulate',
            'post',
            403,
            'INELIGIBLE_CYCLE_REQUEST',
          ),
        ],
      },
      {
        call: () =>
          client.createRecurringPlan(
            { ...body, payment_methods: [{ payment_method_id: 'pt-unknown', rank: 1 }] },
            { idempotencyKey: key() },
          ),
        shown: [404, shown('/recurring/plans', 'post', 404, 'PAYMENT_METHOD_ID_NOT_FOUND')],
      },
      {
        call: () =>
          client.createRecurringPlan({ ...body, currency: 'PHP' }, { idempotencyKey: key() }),
        shown: [400, shown('/recurring/plans', 'post', 400, 'INVALID_PAYMENT_METHOD_ID')],
      },
      {
        call: () =>
          client.updateRecurringSchedule(plan.schedule.id, {
            total_retry: 1,
            failed_attempt_notifications: [1, 2],
          }),
        shown: [400, shown('/recurring/schedules/{id}', 'patch', 400)],
      },
      {
        call: () => client.getRecurringSchedule('resc-unknown'),
        shown: [404, shown('/recurring/schedules/{id}', 'patch', 404)],
      },
    ];
    for (const {
      call,
      shown: [status, example],
    } of cases) {
      expect(await answerOf(call())).toEqual({ status, body: example });
    }
  });
});
