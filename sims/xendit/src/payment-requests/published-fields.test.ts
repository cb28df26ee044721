import { describe, expect, it } from 'vitest';
import { frictionlessCard } from '../testing/card-requests.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';

// Fields of the description's create bodies (Payments_API_Pay and its siblings) that an integration
// written for the provider sends, each answered as the description has it.

const sim = simulatorUnderTest({ keyPrefix: 'fields', apiVersion: true });
const { call, key } = sim;

const virtualAccount = (overrides: Record<string, unknown> = {}) => ({
  reference_id: key(),
  type: 'PAY',
  country: 'ID',
  currency: 'IDR',
  request_amount: 150_000,
  channel_code: 'BRI_VIRTUAL_ACCOUNT',
  channel_properties: { display_name: 'Ana' },
  ...overrides,
});

describe('shipping_information', () => {
  const shipping = {
    country: 'ID',
    street_line1: 'Jl. Sudirman 1',
    city: 'Jakarta',
    province_state: 'DKI Jakarta',
    postal_code: '10220',
  };

  it('is kept and shown on the payment request, as Payments_API_PaymentRequestSchema has it', async () => {
    const created = await call(
      'POST',
      '/v3/payment_requests',
      virtualAccount({ shipping_information: shipping }),
    );
    expect(created.status).toBe(201);
    expect(created.body.shipping_information).toEqual(shipping);
    const read = await call(
      'GET',
      `/v3/payment_requests/${String(created.body.payment_request_id)}`,
    );
    expect(read.body.shipping_information).toEqual(shipping);
  });

  it('without its required country, or with an empty line, is 400 API_VALIDATION_ERROR', async () => {
    for (const [shippingInformation, path] of [
      [{ city: 'Jakarta' }, 'shipping_information.country'],
      [{ ...shipping, city: '' }, 'shipping_information.city'],
    ] as const) {
      const refused = await call(
        'POST',
        '/v3/payment_requests',
        virtualAccount({ shipping_information: shippingInformation }),
      );
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
      expect(refused.body.errors).toEqual([{ path, message: expect.any(String) }]);
    }
  });
});

describe('metadata', () => {
  // Payments_API_MerchantMetadata: "up to 50 keys, with key names up to 40 characters and values
  // up to 500 characters"; Payment_Session_MerchantMetadata says the same.
  const atTheLimits = {
    ...Object.fromEntries(Array.from({ length: 49 }, (_, index) => [`key_${index}`, 'v'])),
    ['k'.repeat(40)]: 'v'.repeat(500),
  };

  it('at its limits is kept as sent', async () => {
    const created = await call(
      'POST',
      '/v3/payment_requests',
      virtualAccount({ metadata: atTheLimits }),
    );
    expect([created.status, created.body.metadata]).toEqual([201, atTheLimits]);
  });

  it('past a limit is 400 API_VALIDATION_ERROR naming it, on every create that takes metadata', async () => {
    const fiftyOne = { ...atTheLimits, one_more: 'v' };
    for (const [metadata, path] of [
      [fiftyOne, 'metadata'],
      [{ ['k'.repeat(41)]: 'v' }, `metadata.${'k'.repeat(41)}`],
      [{ note: 'v'.repeat(501) }, 'metadata.note'],
    ] as const) {
      const refused = await call('POST', '/v3/payment_requests', virtualAccount({ metadata }));
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
      expect(refused.body.errors).toEqual([{ path, message: expect.any(String) }]);
    }
    const session = await call('POST', '/sessions', {
      reference_id: key(),
      session_type: 'PAY',
      mode: 'PAYMENT_LINK',
      amount: 50_000,
      currency: 'IDR',
      country: 'ID',
      customer: {
        reference_id: key(),
        type: 'INDIVIDUAL',
        individual_detail: { given_names: 'Ana' },
      },
      metadata: fiftyOne,
    });
    expect([session.status, session.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
  });
});

describe('customer.individual_detail', () => {
  const customer = (detail: Record<string, unknown>) => ({
    type: 'INDIVIDUAL',
    reference_id: key(),
    individual_detail: { given_names: 'Ana', ...detail },
  });

  it('takes the fields the description names for it', async () => {
    const detail = {
      surname: 'Santos',
      nationality: 'ID',
      place_of_birth: 'Bandung',
      date_of_birth: '1990-01-31',
      gender: 'FEMALE',
    };
    const created = await call(
      'POST',
      '/v3/payment_requests',
      virtualAccount({ customer: customer(detail) }),
    );
    expect(created.status).toBe(201);
  });

  it('refuses a gender outside its enum, a nationality not of 2 letters, a birth date not YYYY-MM-DD', async () => {
    for (const [detail, field] of [
      [{ gender: 'F' }, 'gender'],
      [{ nationality: 'IDN' }, 'nationality'],
      [{ date_of_birth: '31/01/1990' }, 'date_of_birth'],
    ] as const) {
      const refused = await call(
        'POST',
        '/v3/payment_requests',
        virtualAccount({ customer: customer(detail) }),
      );
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
      expect(refused.body.errors).toEqual([
        { path: `customer.individual_detail.${field}`, message: expect.any(String) },
      ]);
    }
  });
});

describe('payment_token_id', () => {
  it('comes with type PAY only: PayWithToken is the one create shape that takes a token', async () => {
    const token = await call('POST', '/v3/payment_tokens', {
      reference_id: key(),
      country: 'ID',
      currency: 'IDR',
      channel_code: 'CARDS',
      channel_properties: {
        card_details: frictionlessCard,
      },
      customer: {
        type: 'INDIVIDUAL',
        reference_id: key(),
        individual_detail: { given_names: 'Ana' },
      },
    });
    expect(token.body.status).toBe('ACTIVE');
    const withToken = (type: string) => ({
      reference_id: key(),
      type,
      country: 'ID',
      currency: 'IDR',
      request_amount: 10_000,
      payment_token_id: token.body.payment_token_id,
    });
    const refused = await call('POST', '/v3/payment_requests', withToken('PAY_AND_SAVE'));
    expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(refused.body.errors).toEqual([{ path: 'type', message: expect.any(String) }]);
    const paid = await call('POST', '/v3/payment_requests', withToken('PAY'));
    expect([paid.status, paid.body.status]).toEqual([201, 'SUCCEEDED']);
  });
});
