import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultAccount, type XenditSimulator } from '../index.ts';
import { startTestSimulator } from '../testing/test-simulator.ts';
import {
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
  type PublishedDescription,
} from '../testing/published-description.ts';

type Json = Record<string, unknown>;

let simulator: XenditSimulator;
let description: PublishedDescription | undefined;
const account = createDefaultAccount();
let sequence = 0;
const key = () => `create-checks-${Date.now()}-${(sequence += 1)}`;

beforeAll(async () => {
  simulator = await startTestSimulator({ port: 0 });
  if (descriptionPresent) description = loadPublishedDescription();
});

afterAll(async () => {
  await simulator?.close();
});

/** A call to the simulator, its answer judged against the description where it is present. */
async function call(path: string, body: Json) {
  const headers = {
    authorization: `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`,
    'api-version': '2024-11-11',
    'content-type': 'application/json',
    'idempotency-key': key(),
  };
  const response = await fetch(`${simulator.url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  const violations = outsideAllowList(
    description?.checkExchange({
      method: 'POST',
      url: `https://api.xendit.co${path}`,
      headers,
      requestBody: body,
      status: response.status,
      responseBody: answer,
    }) ?? [],
  );
  return { status: response.status, body: answer, violations };
}

const payment = (overrides: Json) => ({
  reference_id: key(),
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 50_000,
  channel_code: 'BCA_VIRTUAL_ACCOUNT',
  channel_properties: {},
  ...overrides,
});

const card = {
  card_number: '4000000000001000',
  expiry_month: '12',
  expiry_year: '2030',
  cvn: '123',
};

describe("a payment request's currency against its channel (markets.ts)", () => {
  it.each([
    ['a virtual account of ID in PHP', { currency: 'PHP' }, 'BCA_VIRTUAL_ACCOUNT in ID takes IDR'],
    [
      'a PH e-wallet in IDR',
      {
        country: 'PH',
        channel_code: 'GCASH',
        channel_properties: { success_return_url: 'https://store.example/success' },
      },
      'GCASH in PH takes PHP',
    ],
  ])('refuses %s with INVALID_VALUE_ERROR on currency', async (_, overrides, says) => {
    const refused = await call('/v3/payment_requests', payment(overrides));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_code: 'INVALID_VALUE_ERROR',
      errors: [{ path: 'currency', message: expect.stringContaining(says) }],
    });
    expect(refused.violations).toEqual([]);
  });

  it("takes each channel in its market's currency, and a card in another too", async () => {
    for (const overrides of [
      {},
      {
        country: 'PH',
        currency: 'PHP',
        request_amount: 500,
        channel_code: 'CARDS',
        channel_properties: { card_details: card },
      },
      // PHP and USD in the Philippines (docs.xendit.co/credit-cards/supported-currencies).
      {
        country: 'PH',
        currency: 'USD',
        request_amount: 500,
        channel_code: 'CARDS',
        channel_properties: { card_details: card },
      },
    ]) {
      const taken = await call('/v3/payment_requests', payment(overrides));
      expect(taken.status).toBe(201);
      expect(taken.violations).toEqual([]);
    }
  });
});
