import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultAccount, type XenditSimulator } from '../index.ts';
import { startTestSimulator } from '../testing/test-simulator.ts';
import {
  startWebhookReceiver,
  webhookOf,
  type WebhookReceiver,
} from '../testing/webhook-receiver.ts';

type Json = Record<string, unknown>;

let simulator: XenditSimulator;
let receiver: WebhookReceiver;
const account = createDefaultAccount();
let sequence = 0;
const key = () => `settle-${Date.now()}-${(sequence += 1)}`;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  simulator = await startTestSimulator({
    port: 0,
    accounts: [createDefaultAccount({ webhookUrl: receiver.url })],
    pollIntervalMs: 50,
  });
});

afterAll(async () => {
  await simulator?.close();
  await receiver?.close();
});

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`,
      'api-version': '2024-11-11',
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': key() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const virtualAccount = (type: 'PAY' | 'REUSABLE_PAYMENT_CODE') =>
  call('POST', '/v3/payment_requests', {
    reference_id: key(),
    type,
    country: 'ID',
    currency: 'IDR',
    request_amount: 75_000,
    channel_code: 'BNI_VIRTUAL_ACCOUNT',
    channel_properties: {},
  });

describe('POST /v3/payment_requests/{id}/simulate', () => {
  it("without an amount (the description's body does not require it) pays the request's own", async () => {
    const created = await virtualAccount('PAY');
    const id = String(created.body.payment_request_id);
    const simulated = await call('POST', `/v3/payment_requests/${id}/simulate`, {});
    expect([simulated.status, simulated.body.status]).toEqual([200, 'PENDING']);
    const capture = await receiver.waitFor(webhookOf('payment.capture', id));
    expect(capture.body.data).toMatchObject({ payment_request_id: id, request_amount: 75_000 });
    expect((await call('GET', `/v3/payment_requests/${id}`)).body.status).toBe('SUCCEEDED');
  });

  it('without an amount pays a reusable code its request amount, and still refuses a wrong one', async () => {
    const created = await virtualAccount('REUSABLE_PAYMENT_CODE');
    const id = String(created.body.payment_request_id);
    expect((await call('POST', `/v3/payment_requests/${id}/simulate`, {})).status).toBe(200);
    const capture = await receiver.waitFor(webhookOf('payment.capture', id));
    expect(capture.body.data).toMatchObject({ request_amount: 75_000 });

    const single = await virtualAccount('PAY');
    const wrong = await call(
      'POST',
      `/v3/payment_requests/${String(single.body.payment_request_id)}/simulate`,
      { amount: 1_000 },
    );
    expect([wrong.status, wrong.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
  });
});
