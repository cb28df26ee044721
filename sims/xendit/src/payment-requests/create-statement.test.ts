import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSettings } from '../../../../scripts/test-settings.ts';
import {
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from '../../../../scripts/postgres-databases.ts';
import { createDefaultAccount, type XenditSimulator } from '../index.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';
import { startTestSimulator } from '../testing/test-simulator.ts';
import type { SimulatorAccount } from '../accounts.ts';

// The rows are read straight from the database, and concurrent creates race for real only on a
// server: PGlite runs one statement at a time.
const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;

const other: SimulatorAccount = {
  ...createDefaultAccount(),
  businessId: 'another-business-on-the-simulator',
  testSecretKey: 'xnd_development_another_business',
  testPublicKey: 'xnd_public_development_another_business',
  liveSecretKey: 'xnd_production_another_business',
  livePublicKey: 'xnd_public_production_another_business',
};

/** A create that names a new customer, so that it writes a customer, the object and its jobs. */
const withNewCustomer = (reference: string, request_amount = 10_000) => ({
  reference_id: reference,
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount,
  channel_code: 'BNI_VIRTUAL_ACCOUNT',
  channel_properties: {},
  customer: {
    type: 'INDIVIDUAL',
    reference_id: `customer-of-${reference}`,
    individual_detail: { given_names: 'Ana' },
  },
});

// The simulator runs on a throwaway database with two accounts: the file starts it itself.
const { call } = simulatorUnderTest({ simulator: false, receiver: false, idempotencyKeys: false });

describe.skipIf(!serverUrl)('the payment request create statement on PostgreSQL', () => {
  let simulator: XenditSimulator;
  let throwaway: ThrowawayDatabase | undefined;
  let database: pg.Client;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(serverUrl ?? '', 'xendit_sim_create');
    simulator = await startTestSimulator({
      port: 0,
      databaseUrl: throwaway.url,
      accounts: [createDefaultAccount(), other],
    });
    database = new pg.Client({ connectionString: throwaway.url });
    await database.connect();
  });
  afterAll(async () => {
    await database?.end();
    await simulator?.close();
    await throwaway?.drop();
  });

  async function create(body: object, idempotencyKey: string, key = 'xnd_development_simulator') {
    const answer = await call('POST', '/v3/payment_requests', body, {
      simulator,
      secretKey: key,
      headers: { 'idempotency-key': idempotencyKey },
    });
    return { status: answer.status, body: answer.body as Record<string, string> };
  }

  /** What the creates of one reference left: objects, customers, orphan jobs and keys. */
  async function rowsOf(reference: string, idempotencyKey: string) {
    const count = async (query: string, values: unknown[]) =>
      Number((await database.query<{ n: string }>(query, values)).rows[0]?.n);
    return {
      requests: await count(
        `select count(*) as n from provider_objects
          where kind = 'payment_request' and data->>'reference_id' = $1`,
        [reference],
      ),
      customers: await count(
        `select count(*) as n from provider_objects where kind = 'customer' and parent_id = $1`,
        [`customer-of-${reference}`],
      ),
      orphanJobs: await count(
        `select count(*) as n from scheduled_jobs job
          where not exists (select 1 from provider_objects o where o.id = job.target_id)`,
        [],
      ),
      keys: await count(`select count(*) as n from idempotency_keys where key = $1`, [
        idempotencyKey,
      ]),
    };
  }

  it('writes one customer, object and key, and no stray job, for concurrent creates under one key', async () => {
    const body = withNewCustomer('create-concurrent');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => create(body, 'create-concurrent-key')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.body.payment_request_id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.customer_id)).size).toBe(1);
    expect(await rowsOf('create-concurrent', 'create-concurrent-key')).toEqual({
      requests: 1,
      customers: 1,
      orphanJobs: 0,
      keys: 1,
    });
  });

  it('writes every one of concurrent creates, those under a shared key once', async () => {
    // Creates that arrive while one is written go in one statement; there, one under a key
    // another create took first writes nothing and replays that create's answer.
    const own = Array.from({ length: 10 }, (_, index) => `create-batch-${index}`);
    const answers = await Promise.all([
      ...own.map((reference) => create(withNewCustomer(reference), `${reference}-key`)),
      ...Array.from({ length: 3 }, () =>
        create(withNewCustomer('create-batch-shared'), 'create-batch-shared-key'),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(13).fill(201));
    expect(new Set(answers.map((answer) => answer.body.payment_request_id)).size).toBe(11);
    for (const reference of [...own, 'create-batch-shared']) {
      expect(await rowsOf(reference, `${reference}-key`)).toEqual({
        requests: 1,
        customers: 1,
        orphanJobs: 0,
        keys: 1,
      });
    }
    const jobs = await database.query<{ target_id: string }>(
      `select target_id from scheduled_jobs where target_id = any($1)`,
      [answers.map((answer) => answer.body.payment_request_id)],
    );
    expect(new Set(jobs.rows.map((row) => row.target_id)).size).toBe(11);
  });

  it('writes nothing for a key used again with another body, and answers 409', async () => {
    const first = await create(withNewCustomer('create-conflict'), 'create-conflict-key');
    expect(first.status).toBe(201);
    const before = await rowsOf('create-conflict', 'create-conflict-key');
    const other = await create(withNewCustomer('create-conflict', 20_000), 'create-conflict-key');
    expect([other.status, other.body.error_code]).toEqual([409, 'DUPLICATE_ERROR']);
    expect(await rowsOf('create-conflict', 'create-conflict-key')).toEqual(before);
  });

  it("keeps one account's key and objects from another account using the same key", async () => {
    const body = withNewCustomer('create-accounts');
    const mine = await create(body, 'create-accounts-key');
    const theirs = await create(body, 'create-accounts-key', other.testSecretKey);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.payment_request_id).not.toBe(mine.body.payment_request_id);
    expect(theirs.body.customer_id).not.toBe(mine.body.customer_id);
    // The key replays each account's own answer, and neither can read the other's object.
    expect((await create(body, 'create-accounts-key')).body).toEqual(mine.body);
    expect((await create(body, 'create-accounts-key', other.testSecretKey)).body).toEqual(
      theirs.body,
    );
    const read = await call(
      'GET',
      `/v3/payment_requests/${mine.body.payment_request_id}`,
      undefined,
      { simulator, secretKey: other.testSecretKey },
    );
    expect(read.status).toBe(404);
  });
});
