import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXenditClient } from '@store/xendit';
import { testSettings } from '../../../scripts/test-settings.ts';
import {
  createThrowawayDatabase,
  type ThrowawayDatabase,
} from '../../../scripts/postgres-databases.ts';
import { startTestSimulator } from './testing/test-simulator.ts';

const serverUrl = testSettings.postgresNamed ? testSettings.postgresUrl : undefined;

describe.skipIf(!serverUrl)('state on a PostgreSQL server (TEST_DATABASE_URL)', () => {
  let database: ThrowawayDatabase | undefined;
  let databaseUrl = '';
  beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl ?? '', 'xendit_sim_test');
    databaseUrl = database.url;
  });
  afterAll(() => database?.drop());

  it('keeps payment requests and idempotency keys across a restart', async () => {
    const body = {
      reference_id: 'order-on-postgres',
      type: 'PAY' as const,
      country: 'ID' as const,
      currency: 'IDR' as const,
      request_amount: 150_000,
      channel_code: 'BCA_VIRTUAL_ACCOUNT',
      channel_properties: {},
    };
    const first = await startTestSimulator({ port: 0, databaseUrl });
    const created = await createXenditClient({
      baseUrl: first.url,
      secretKey: 'xnd_development_simulator',
    }).createPaymentRequest(body, { idempotencyKey: 'order-on-postgres' });
    await first.close();

    const second = await startTestSimulator({ port: 0, databaseUrl });
    const client = createXenditClient({
      baseUrl: second.url,
      secretKey: 'xnd_development_simulator',
    });
    const read = await client.getPaymentRequest(created.body.payment_request_id);
    const replayed = await client.createPaymentRequest(body, {
      idempotencyKey: 'order-on-postgres',
    });
    await second.close();

    expect(read.body).toMatchObject({
      reference_id: 'order-on-postgres',
      status: 'REQUIRES_ACTION',
    });
    expect(replayed.body.payment_request_id).toBe(created.body.payment_request_id);
  });
});

if (!serverUrl) {
  console.log(
    'TEST_DATABASE_URL is not set: the PostgreSQL storage test of the simulator is skipped',
  );
}
