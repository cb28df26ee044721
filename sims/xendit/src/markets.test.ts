import { describe, expect, it } from 'vitest';
import { MARKETS } from '@store/xendit';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';
import { formatAmount } from './hosted-pages/checkout-html.ts';

// The markets of the provider's channel table as the simulator serves them: every channel of
// every market takes a payment request in its own currency, amounts finer than the currency's
// minor unit are refused, each channel's documented limits hold, and the hosted pages write
// amounts the market's way.

const sim = simulatorUnderTest({ keyPrefix: 'markets', receiver: false, apiVersion: true });

const create = (body: Record<string, unknown>) => sim.call('POST', '/v3/payment_requests', body);

const request = (country: string, currency: string, channel: string, amount: number) => ({
  reference_id: `markets-${channel}`,
  type: 'PAY',
  country,
  currency,
  request_amount: amount,
  channel_code: channel,
  channel_properties: {
    success_return_url: 'https://store.example/success',
    failure_return_url: 'https://store.example/failure',
    mobile_number: '+60123456789',
    card_details: {
      card_number: '4000000000001000',
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '123',
      cardholder_first_name: 'Ana',
      cardholder_last_name: 'Lim',
      cardholder_email: 'ana@example.com',
      cardholder_phone_number: '+60123456789',
    },
  },
});

describe('the markets', () => {
  const channels = MARKETS.filter((market) =>
    ['ID', 'PH', 'MY', 'TH', 'VN', 'SG'].includes(market.country),
  ).flatMap((market) =>
    market.channels.map(
      (channel) => [market.country, market.currency, channel.code, channel.min] as const,
    ),
  );

  it.each(channels)('%s %s takes %s', async (country, currency, channel, min) => {
    const answer = await create(request(country, currency, channel, Math.max(min, 100)));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.channel_code).toBe(channel);
  });

  it('refuses a fraction of a dong, naming the field and why', async () => {
    const answer = await create(request('VN', 'VND', 'ZALOPAY', 150_000.5));
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('API_VALIDATION_ERROR');
    expect(JSON.stringify(answer.body)).toContain(
      'must be a whole number of VND: VND has no minor unit',
    );
  });

  it('refuses a third decimal of a baht, and takes two', async () => {
    const third = await create(request('TH', 'THB', 'QRPROMPTPAY', 100.005));
    expect(third.status).toBe(400);
    expect(JSON.stringify(third.body)).toContain('must have at most 2 decimal places for THB');
    expect((await create(request('TH', 'THB', 'QRPROMPTPAY', 100.05))).status).toBe(201);
  });

  it('refuses a fraction of a rupiah in a capture, a refund and a simulated payment too', async () => {
    const refusal = {
      status: 400,
      body: expect.objectContaining({ error_code: 'API_VALIDATION_ERROR' }) as unknown,
    };
    const card = request('ID', 'IDR', 'CARDS', 10_000);
    const authorised = await create({
      ...card,
      reference_id: 'markets-capture',
      capture_method: 'MANUAL',
    });
    const capture = await sim.call(
      'POST',
      `/v3/payments/${String(authorised.body.latest_payment_id)}/capture`,
      { capture_amount: 100.5 },
    );
    expect(capture).toEqual(refusal);
    const paid = await create({ ...card, reference_id: 'markets-refund' });
    const refund = await sim.call('POST', '/refunds', {
      payment_request_id: paid.body.payment_request_id,
      reason: 'OTHERS',
      amount: 100.5,
    });
    expect(refund).toEqual(refusal);
    const code = await create({
      ...request('ID', 'IDR', 'BRI_VIRTUAL_ACCOUNT', 10_000),
      type: 'REUSABLE_PAYMENT_CODE',
    });
    const simulated = await sim.call(
      'POST',
      `/v3/payment_requests/${String(code.body.payment_request_id)}/simulate`,
      { amount: 100.5 },
    );
    expect(simulated).toEqual(refusal);
  });

  it("holds each channel's documented limits: GrabPay Malaysia up to MYR 1,500, Thai mobile banking from THB 20", async () => {
    const over = await create(request('MY', 'MYR', 'GRABPAY', 1_500.01));
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain('must be between 1 and 1500 MYR for GRABPAY');
    expect((await create(request('MY', 'MYR', 'GRABPAY', 1_500))).status).toBe(201);
    const under = await create(request('TH', 'THB', 'SCB_MOBILE_BANKING', 19.99));
    expect(under.status).toBe(400);
    expect((await create(request('TH', 'THB', 'SCB_MOBILE_BANKING', 20))).status).toBe(201);
  });

  it.each([
    ['TH', 'THB', 'LINEPAY', 1, 50_000, 0.01],
    ['TH', 'THB', 'SHOPEEPAY', 1, 200_000, 0.01],
    ['VN', 'VND', 'VIETTELPAY', 1, 50_000_000, 1],
    ['VN', 'VND', 'VNPTWALLET', 1_000, 500_000_000, 1],
    ['MY', 'MYR', 'SHOPEEPAY', 1, 30_000, 0.01],
    ['VN', 'VND', 'MOMO', 1, 50_000_000, 1],
    ['MY', 'MYR', 'WECHATPAY', 1, 4_999, 0.01],
    ['MY', 'MYR', 'AFFIN_FPX_BUSINESS', 1, 1_000_000, 0.01],
    ['TH', 'THB', 'WECHATPAY', 1, 70_000, 0.01],
    ['TH', 'THB', 'STANDARD_CHARTERED_VIRTUAL_ACCOUNT', 20, 700_000, 0.01],
    ['VN', 'VND', 'APPOTA', 1_000, 500_000_000, 1],
    ['VN', 'VND', 'SHOPEEPAY', 1, 50_000_000, 1],
    ['VN', 'VND', 'BIDV_VIRTUAL_ACCOUNT', 10_000, 499_999_999, 1],
    ['PH', 'PHP', 'PESONET_ONLINE_BANKING', 50_000.01, 20_000_000, 0.01],
    ['PH', 'PHP', 'CEBUANA', 50, 30_000, 0.01],
    ['ID', 'IDR', 'JENIUSPAY', 1_000, 20_000_000, 1],
  ])(
    '%s %s %s takes %s to %s and nothing a minor unit beyond',
    async (country, currency, channel, min, max, unit) => {
      for (const amount of [min, max]) {
        expect((await create(request(country, currency, channel, amount))).status).toBe(201);
      }
      for (const amount of [min - unit, max + unit].filter((amount) => amount > 0)) {
        const refused = await create(request(country, currency, channel, amount));
        expect(refused.status).toBe(400);
        expect(JSON.stringify(refused.body)).toContain(
          `must be between ${min} and ${max} ${currency} for ${channel}`,
        );
      }
    },
  );

  it('saves ShopeePay where its market saves it (Indonesia, Malaysia), not in Thailand or Vietnam', async () => {
    const save = (country: string, currency: string, amount: number) =>
      create({
        ...request(country, currency, 'SHOPEEPAY', amount),
        type: 'PAY_AND_SAVE',
        customer: {
          type: 'INDIVIDUAL',
          reference_id: `markets-${country}`,
          individual_detail: { given_names: 'Ana', surname: 'Lim' },
        },
      });
    const thailand = await save('TH', 'THB', 100);
    expect(thailand.status).toBe(400);
    expect(JSON.stringify(thailand.body)).toContain('SHOPEEPAY cannot be saved');
    const indonesia = await save('ID', 'IDR', 10_000);
    expect(indonesia.status, JSON.stringify(indonesia.body)).toBe(201);
    const malaysia = await save('MY', 'MYR', 100);
    expect(malaysia.status, JSON.stringify(malaysia.body)).toBe(201);
    const vietnam = await save('VN', 'VND', 100_000);
    expect(vietnam.status).toBe(400);
    expect(JSON.stringify(vietnam.body)).toContain('SHOPEEPAY cannot be saved');
  });

  it("confirms the other banks' direct debits with an OTP, as it does SCB's", async () => {
    for (const [country, currency, channel] of [
      ['TH', 'THB', 'KTB_DIRECT_DEBIT'],
      ['PH', 'PHP', 'UBP_DIRECT_DEBIT'],
    ] as const) {
      const debit = await create(request(country, currency, channel, 100));
      expect(debit.status, JSON.stringify(debit.body)).toBe(201);
      expect(debit.body.status).toBe('REQUIRES_ACTION');
      expect(JSON.stringify(debit.body.actions)).toContain('validate_otp');
    }
  });

  it("sends online banking to the bank's approval page, a PayNow QR to be presented", async () => {
    const fpx = await create(request('MY', 'MYR', 'CIMB_FPX', 50));
    expect(fpx.body.actions).toEqual([
      expect.objectContaining({ type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL' }),
    ]);
    const paynow = await create(request('SG', 'SGD', 'SGQR', 11.9));
    expect(paynow.body.actions).toEqual([
      expect.objectContaining({ type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING' }),
    ]);
  });

  it("writes amounts on its pages in the market's form", () => {
    // Vietnam writes the code after the amount.
    expect(formatAmount(1_369_000, 'VND')).toMatch(/^1\.369\.000\sVND$/);
    expect(formatAmount(1_290.1, 'MYR')).toBe('MYR\u00a01,290.10');
    // Indonesia groups with dots, the Philippines with commas, each as its locale writes.
    expect(formatAmount(50_000, 'IDR')).toBe('IDR\u00a050.000');
    expect(formatAmount(12_500.5, 'PHP')).toBe('PHP\u00a012,500.50');
  });
});
