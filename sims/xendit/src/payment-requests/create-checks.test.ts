import { beforeAll, describe, expect, it } from 'vitest';
import {
  descriptionPresent,
  loadPublishedDescription,
  outsideAllowList,
  type PublishedDescription,
} from '../testing/published-description.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';

type Json = Record<string, unknown>;

let description: PublishedDescription | undefined;
const sim = simulatorUnderTest({ keyPrefix: 'create-checks', receiver: false, apiVersion: true });
const { key } = sim;

beforeAll(() => {
  if (descriptionPresent) description = loadPublishedDescription();
});

/** A call to the simulator, its answer judged against the description where it is present. */
async function call(path: string, body: Json) {
  const { status, body: answer, wire } = await sim.exchange('POST', path, body);
  return {
    status,
    body: answer,
    violations: outsideAllowList(description?.checkExchange(wire) ?? []),
  };
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

describe('a card whose expiry month has passed (cards.ts)', () => {
  const now = new Date();
  // Two months back: the month before this one may not have ended yet everywhere (UTC-12).
  const ended = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  const expired = {
    ...card,
    expiry_month: String(ended.getUTCMonth() + 1).padStart(2, '0'),
    expiry_year: String(ended.getUTCFullYear()),
  };
  const thisMonth = {
    ...card,
    expiry_month: String(now.getUTCMonth() + 1).padStart(2, '0'),
    expiry_year: String(now.getUTCFullYear()),
  };
  const cardPayment = (details: Json) =>
    payment({ channel_code: 'CARDS', channel_properties: { card_details: details } });
  const cardToken = (details: Json) => ({
    reference_id: key(),
    country: 'ID',
    currency: 'IDR',
    channel_code: 'CARDS',
    customer: {
      type: 'INDIVIDUAL',
      reference_id: key(),
      individual_detail: { given_names: 'Ana' },
    },
    channel_properties: { card_details: details },
  });

  it('is refused 400 CARD_EXPIRED by a payment request and a payment token, as described', async () => {
    for (const [path, body] of [
      ['/v3/payment_requests', cardPayment(expired)],
      ['/v3/payment_tokens', cardToken(expired)],
    ] as const) {
      const refused = await call(path, body);
      expect([refused.status, refused.body.error_code], path).toEqual([400, 'CARD_EXPIRED']);
      expect(refused.violations, path).toEqual([]);
    }
  });

  it('a mistyped number (failing the Luhn check) is 400 INVALID_PAYMENT_DETAILS, as described', async () => {
    const mistyped = { ...thisMonth, card_number: '4000000000001001' };
    for (const [path, body] of [
      ['/v3/payment_requests', cardPayment(mistyped)],
      ['/v3/payment_tokens', cardToken(mistyped)],
    ] as const) {
      const refused = await call(path, body);
      expect([refused.status, refused.body.error_code], path).toEqual([
        400,
        'INVALID_PAYMENT_DETAILS',
      ]);
      expect(refused.violations, path).toEqual([]);
    }
  });

  it('is taken through the end of its month', async () => {
    expect((await call('/v3/payment_requests', cardPayment(thisMonth))).status).toBe(201);
    expect((await call('/v3/payment_tokens', cardToken(thisMonth))).status).toBe(201);
  });
});
