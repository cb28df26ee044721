import { describe, expect, it } from 'vitest';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';

type Json = Record<string, unknown>;

const { call, key } = simulatorUnderTest({
  keyPrefix: 'payment-tokens',
  receiver: false,
  apiVersion: true,
});

const createToken = (body: Json) => call('POST', '/v3/payment_tokens', body);

const cardToken = (overrides: Json) => ({
  reference_id: key(),
  country: 'ID',
  currency: 'IDR',
  channel_code: 'CARDS',
  customer: {
    type: 'INDIVIDUAL',
    reference_id: 'payment-tokens-customer',
    individual_detail: { given_names: 'Ana' },
  },
  channel_properties: {
    card_details: {
      card_number: '4000000000001000',
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '123',
    },
  },
  ...overrides,
});

const ewalletToken = (overrides: Json) => ({
  ...cardToken({}),
  channel_code: 'DANA',
  channel_properties: {
    success_return_url: 'https://store.example/linked',
    failure_return_url: 'https://store.example/failed',
  },
  ...overrides,
});

describe("a payment token's currency against its channel (markets.ts)", () => {
  it("refuses a currency the channel does not take in the country's market", async () => {
    for (const currency of ['PHP', 'USD']) {
      const refused = await createToken(ewalletToken({ currency }));
      expect([refused.status, refused.body]).toEqual([
        400,
        {
          error_code: 'INVALID_VALUE_ERROR',
          message: `currency: DANA in ID takes IDR, not ${currency}`,
          errors: [{ path: 'currency', message: `DANA in ID takes IDR, not ${currency}` }],
        },
      ]);
    }
  });

  it("takes a card in the market's currency, and in another the provider charges cards in", async () => {
    const taken = await createToken(cardToken({}));
    expect([taken.status, taken.body.status]).toEqual([201, 'ACTIVE']);
    // PHP and USD in the Philippines (docs.xendit.co/credit-cards/supported-currencies).
    const inUsd = await createToken(cardToken({ country: 'PH', currency: 'USD' }));
    expect([inUsd.status, inUsd.body.status]).toEqual([201, 'ACTIVE']);
  });
});
