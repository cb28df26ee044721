import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { XenditSimulator } from './index.ts';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';

// Each test starts the simulators it needs, on the one receiver.
const sim = simulatorUnderTest({ simulator: false, idempotencyKeys: false });
const { account, call } = sim;
let dataDir: string;
const running: XenditSimulator[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'xendit-sim-'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((simulator) => simulator.close()));
  sim.receiver.answer(200);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function start(options: {
  dataDir?: string;
  webhookRetrySchedule: number[];
  webhookTimeoutMs?: number;
}) {
  const simulator = await sim.start(options);
  running.push(simulator);
  return simulator;
}

async function paidVirtualAccount(simulator: XenditSimulator, reference: string) {
  const created = await call(
    'POST',
    '/v3/payment_requests',
    {
      reference_id: reference,
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: 25_000,
      channel_code: 'MANDIRI_VIRTUAL_ACCOUNT',
      channel_properties: {},
    },
    { simulator },
  );
  const id = created.body.payment_request_id as string;
  await call('POST', `/v3/payment_requests/${id}/simulate`, { amount: 25_000 }, { simulator });
  return id;
}

/** The development endpoints' list of webhook events, of the account's test mode. */
const webhookLog = async (simulator: XenditSimulator, query = '') =>
  (await call('GET', `/_sim/webhooks${query}`, undefined, { simulator })).body;

const deliveriesOf = (id: string) =>
  sim.receiver.received.filter((webhook) => JSON.stringify(webhook.body.data).includes(id));

async function until(condition: () => boolean, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type LoggedEvent = {
  status: string;
  next_attempt_at: string | null;
  attempts: { response_status: number; attempted_at: string }[];
  payload: { data: { payment_request_id: string } };
};

/** The log's entry for a payment request's webhook once it shows `attempts` attempts. */
async function loggedAfter(simulator: XenditSimulator, id: string, attempts: number) {
  const deadline = Date.now() + 8000;
  for (;;) {
    const log = (await webhookLog(simulator)) as { data: LoggedEvent[] };
    const entry = log.data.find((event) => event.payload.data.payment_request_id === id);
    if (entry && entry.attempts.length >= attempts) return entry;
    if (Date.now() > deadline) throw new Error(`${attempts} attempts not logged in time`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhook delivery', () => {
  it('makes each retry due the scheduled time after the first attempt, not after the last', async () => {
    // docs.xendit.co/webhook/delivery-attempts-and-retries: 15 min, 1 h, 3 h, ... "relative to
    // original attempt". The last retry is far off, so nothing claims it while it is read.
    const simulator = await start({ webhookRetrySchedule: [0.2, 30] });
    sim.receiver.answer(500);
    const id = await paidVirtualAccount(simulator, 'retry-due');
    const entry = await loggedAfter(simulator, id, 2);
    const [first, second] = entry.attempts.map((attempt) => Date.parse(attempt.attempted_at));
    expect(entry.status).toBe('PENDING');
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(200);
    expect(Date.parse(entry.next_attempt_at ?? '')).toBe((first ?? 0) + 30_000);
  });

  it('retries on the schedule after the merchant answers 500, until a 2xx', async () => {
    const simulator = await start({ webhookRetrySchedule: [0.2, 0.5] });
    sim.receiver.answer(500);
    const id = await paidVirtualAccount(simulator, 'retry-1');
    await until(() => deliveriesOf(id).length === 2);
    sim.receiver.answer(200);
    await until(() => deliveriesOf(id).length === 3);
    const log = (await webhookLog(simulator)) as {
      data: {
        status: string;
        attempts: { response_status: number; attempted_at: string }[];
        payload: { data: { payment_request_id: string } };
      }[];
    };
    const entry = log.data.find((event) => event.payload.data.payment_request_id === id);
    expect(entry?.status).toBe('DELIVERED');
    expect(entry?.attempts.map((attempt) => attempt.response_status)).toEqual([500, 500, 200]);
    const times = entry?.attempts.map((attempt) => Date.parse(attempt.attempted_at)) ?? [];
    // Each retry the scheduled time after the first attempt.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(200);
    expect((times[2] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(500);
    const headers = deliveriesOf(id).map((webhook) => webhook.headers['x-callback-token']);
    expect(new Set(headers)).toEqual(new Set([account.callbackToken]));
  });

  it('sends the next webhooks while the endpoint leaves one unanswered', async () => {
    const simulator = await start({ webhookRetrySchedule: [60] });
    sim.receiver.holdNext();
    try {
      const held = await paidVirtualAccount(simulator, 'held');
      await until(() => deliveriesOf(held).length === 1);
      // Well within the held delivery's 30-second timeout, which the next waited out before.
      const next = await paidVirtualAccount(simulator, 'after-held');
      await until(() => deliveriesOf(next).length === 1, 3000);
    } finally {
      sim.receiver.release();
    }
  });

  it('does not retry a delivery the endpoint left unanswered past the timeout', async () => {
    const simulator = await start({ webhookRetrySchedule: [0.1], webhookTimeoutMs: 300 });
    sim.receiver.holdNext();
    try {
      const id = await paidVirtualAccount(simulator, 'timed-out');
      await until(() => deliveriesOf(id).length === 1);
      await until(() => false, 1200).catch(() => undefined);
      expect(deliveriesOf(id)).toHaveLength(1);
      const failed = (await webhookLog(simulator, '?status=FAILED')) as {
        data: {
          attempts: { error: string | null }[];
          payload: { data: { payment_request_id: string } };
        }[];
      };
      const entry = failed.data.find((event) => event.payload.data.payment_request_id === id);
      expect(entry?.attempts.map((attempt) => attempt.error)).toEqual([
        'TIMEOUT: no answer within 300 ms',
      ]);
    } finally {
      sim.receiver.release();
    }
  });

  it('retries a 500 whose body outlasted the timeout: an answer came, so it is no TIMEOUT', async () => {
    const simulator = await start({ webhookRetrySchedule: [0.1], webhookTimeoutMs: 300 });
    sim.receiver.answer(500);
    sim.receiver.holdNextBody();
    try {
      const id = await paidVirtualAccount(simulator, 'slow-body');
      await until(() => deliveriesOf(id).length === 2);
      const failed = (await webhookLog(simulator, '?status=FAILED')) as {
        data: {
          attempts: { response_status: number | null; error: string | null }[];
          payload: { data: { payment_request_id: string } };
        }[];
      };
      const entry = failed.data.find((event) => event.payload.data.payment_request_id === id);
      expect(entry?.attempts.map((attempt) => attempt.response_status)).toEqual([500, 500]);
      expect(entry?.attempts[0]?.error ?? '').not.toMatch(/^TIMEOUT/);
    } finally {
      sim.receiver.release();
    }
  });

  it('gives up after the last retry and marks the event FAILED', async () => {
    const simulator = await start({ webhookRetrySchedule: [0.1] });
    sim.receiver.answer(503);
    const id = await paidVirtualAccount(simulator, 'give-up');
    await until(() => deliveriesOf(id).length === 2);
    await until(() => false, 400).catch(() => undefined);
    expect(deliveriesOf(id)).toHaveLength(2);
    const failed = (await webhookLog(simulator, '?status=FAILED')) as {
      data: { payload: { data: { payment_request_id: string } } }[];
    };
    expect(failed.data.some((event) => event.payload.data.payment_request_id === id)).toBe(true);
  });

  it('loses no event across a restart of a simulator on disk', async () => {
    const first = await start({ dataDir, webhookRetrySchedule: [1.5] });
    sim.receiver.answer(500);
    const id = await paidVirtualAccount(first, 'restart-1');
    await until(() => deliveriesOf(id).length === 1);
    await first.close();
    running.splice(running.indexOf(first), 1);
    sim.receiver.answer(200);

    const second = await start({ dataDir, webhookRetrySchedule: [1.5] });
    await until(() => deliveriesOf(id).length === 2);
    const log = (await webhookLog(second, '?status=DELIVERED')) as {
      data: { payload: { data: { payment_request_id: string } } }[];
    };
    expect(log.data.some((event) => event.payload.data.payment_request_id === id)).toBe(true);
  });
});
