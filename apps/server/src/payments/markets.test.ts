import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Channel, Payment, PaymentMethod } from '@store/contract';
import { payments } from '../db/schema.ts';
import { waitFor } from '../test/wait-for.ts';
import { lineOf, orderOf, useMarketStore } from './market-apps.fixture.ts';

/**
 * The markets beyond Indonesia and the Philippines over real HTTP: each app sells in its own
 * currency, offers its market's channels, refuses a fraction of VND and amounts beyond a channel's
 * limits before anything is recorded, and asks for mobile numbers of its own country.
 */
const store = useMarketStore('markets');
const { call, catalogue, firstProduct } = store;

const paymentCount = async () =>
  (await store.server.db.select({ id: payments.id }).from(payments)).length;

describe('the market apps', () => {
  it.each([
    [
      'demo-my',
      'MYR',
      'MY',
      ['CARDS', 'MAYB2U_FPX', 'TOUCHNGO', 'GRABPAY', 'SHOPEEPAY', 'AMBANK_VIRTUAL_ACCOUNT'],
    ],
    [
      'demo-th',
      'THB',
      'TH',
      [
        'CARDS',
        'QRPROMPTPAY',
        'SCB_MOBILE_BANKING',
        'TRUEMONEY',
        'LINEPAY',
        'SHOPEEPAY',
        'SCB_DIRECT_DEBIT',
      ],
    ],
    [
      'demo-vn',
      'VND',
      'VN',
      ['CARDS', 'VIETCAPITAL_VIRTUAL_ACCOUNT', 'ZALOPAY', 'VIETTELPAY', 'VNPTWALLET', 'MOMO'],
    ],
    ['demo-sg', 'SGD', 'SG', ['CARDS', 'SGQR']],
  ])('%s sells in %s and offers its market channels', async (app, currency, country, codes) => {
    const products = await catalogue(app);
    expect(products.length).toBeGreaterThan(0);
    expect(new Set(products.map((product) => product.price.currency))).toEqual(new Set([currency]));
    const { channels } = (await call(app, 'GET', '/api/config/channels')).body as {
      channels: Channel[];
    };
    expect(channels.every((channel) => channel.country === country)).toBe(true);
    expect(channels.map((channel) => channel.code)).toEqual(expect.arrayContaining(codes));
  });

  it("names each channel's documented limits in the amounts' own units", async () => {
    const limitsOf = async (app: string, code: string) =>
      (
        (await call(app, 'GET', '/api/config/channels')).body as { channels: Channel[] }
      ).channels.find((channel) => channel.code === code)?.amount_limits;
    // GrabPay Malaysia takes MYR 1 to MYR 1,500: sen, as every MYR amount of the API.
    expect(await limitsOf('demo-my', 'GRABPAY')).toEqual({ min: 100, max: 150_000 });
    // Dong have no minor unit: VNPT Wallet's VND 1.000 is 1000.
    expect(await limitsOf('demo-vn', 'VNPTWALLET')).toEqual({ min: 1_000, max: 500_000_000 });
  });

  it('prices Vietnam in whole dong', async () => {
    const products = await catalogue('demo-vn');
    const mug = products.find((product) => product.id === 'vn-ceramic-mug');
    expect(mug?.price).toEqual({ amount: 135_000, currency: 'VND' });
  });

  it('refuses a fractional VND amount with a clear 400, recording nothing', async () => {
    const product = await firstProduct('demo-vn');
    const before = await paymentCount();
    const answer = await call('demo-vn', 'POST', '/api/payments', {
      ...orderOf('VN', 'ZALOPAY', [product]),
      amount: product.price.amount + 0.5,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('API_VALIDATION_ERROR');
    expect(String(answer.body.message)).toContain('VND have no minor unit');
    expect(await paymentCount()).toBe(before);
  });

  it("refuses an order beyond a channel's documented ceiling (GrabPay Malaysia, MYR 1,500)", async () => {
    const products = await catalogue('demo-my');
    const order = orderOf('MY', 'GRABPAY', products);
    expect(order.amount).toBeGreaterThan(150_000);
    const before = await paymentCount();
    const answer = await call('demo-my', 'POST', '/api/payments', order);
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('AMOUNT_OUT_OF_RANGE');
    expect(answer.body.message).toMatch(
      /^GRABPAY takes MYR 1\.00 to MYR 1,500\.00 a payment; this one is MYR [\d,]+\.\d\d$/,
    );
    expect(await paymentCount()).toBe(before);
    // The same order on FPX, whose ceiling is higher, is taken.
    const fpx = await call('demo-my', 'POST', '/api/payments', {
      ...order,
      channel: 'MAYB2U_FPX',
    });
    expect(fpx.status, JSON.stringify(fpx.body)).toBe(201);
    expect((fpx.body as Payment).actions[0]?.type).toBe('REDIRECT_CUSTOMER');
  });

  it('asks for a mobile number of its own country (SCB direct debit, +66)', async () => {
    const product = await firstProduct('demo-th');
    const pay = (mobileNumber: string) =>
      call('demo-th', 'POST', '/api/payments', {
        ...orderOf('TH', 'SCB_DIRECT_DEBIT', [product]),
        channel_properties: { mobile_number: mobileNumber },
      });
    const foreign = await pay('+628123456789');
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(
      "mobile_number must be a number of this store's country, starting +66 (for example +66812345678)",
    );
    const own = await pay('+66812345678');
    expect(own.status, JSON.stringify(own.body)).toBe(201);
  });

  it.each([
    ['demo-vn', 'VN', 'VIETCAPITAL_VIRTUAL_ACCOUNT', ['VIRTUAL_ACCOUNT_NUMBER', 'QR_STRING']],
    ['demo-my', 'MY', 'AMBANK_VIRTUAL_ACCOUNT', ['VIRTUAL_ACCOUNT_NUMBER']],
  ])(
    "%s: %s %s carries what the provider presents of it, all on the account's screen",
    async (app, country, channel, descriptors) => {
      const product = await firstProduct(app);
      const created = await call(
        app,
        'POST',
        '/api/payments',
        orderOf(country, channel, [product]),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { id, actions } = created.body as unknown as Payment;
      expect(actions.map((action) => action.descriptor)).toEqual(descriptors);
      expect(new Set(actions.map((action) => action.value))).toEqual(new Set([`/payments/${id}`]));
      const [account, vietQr] = actions;
      // NAPAS's VietQR names the account it pays, so a scan and a transfer reach the same one.
      if (vietQr) expect(vietQr.paymentCode).toContain(account?.paymentCode);
    },
  );

  it('keeps the live rules in the live Singapore app: no Simulate', async () => {
    const product = await firstProduct('demo-sg-live');
    const created = await call(
      'demo-sg-live',
      'POST',
      '/api/payments',
      orderOf('SG', 'SGQR', [product]),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const simulate = await call(
      'demo-sg-live',
      'POST',
      `/api/payments/${String(created.body.id)}/simulate`,
      {},
    );
    expect(simulate.status).toBeGreaterThanOrEqual(400);
    expect(simulate.status).toBeLessThan(500);
  });

  it("saves Touch 'n Go in Malaysia; a payment with it is approved on the wallet's page, as the description's PAY_WithToken_TOUCHNGO shows", async () => {
    const linked = await call('demo-my', 'POST', '/api/payment_methods', {
      country: 'MY',
      reference_id: randomUUID().slice(0, 8),
      channel: 'TOUCHNGO',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    const method = linked.body as PaymentMethod;
    const page = method.actions.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value;
    await fetch(page ?? '', {
      method: 'POST',
      body: new URLSearchParams({ decision: 'link' }),
      redirect: 'manual',
    });
    await waitFor(
      'the Touch n Go method ACTIVE',
      async () =>
        (await call('demo-my', 'GET', `/api/payment_methods/${method.id}`)).body.status ===
        'ACTIVE',
    );
    const product = await firstProduct('demo-my');
    const paid = await call('demo-my', 'POST', '/api/payments', {
      amount: product.price.amount,
      currency: 'MYR',
      country: 'MY',
      type: 'PAY',
      payment_token_id: method.id,
      orders: [lineOf(product)],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const approval = (paid.body as Payment).actions.find(
      (action) => action.type === 'REDIRECT_CUSTOMER',
    );
    expect(approval?.value).toMatch(/\/pages\/ewallet\//);
    await fetch(approval?.value ?? '', {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve' }),
      redirect: 'manual',
    });
    await waitFor(
      'the saved-method payment SUCCEEDED',
      async () =>
        (await call('demo-my', 'GET', `/api/payments/${String(paid.body.id)}`)).body.status ===
        'SUCCEEDED',
    );
  });

  it("offers Thailand's channels on the provider's hosted checkout, amounts in baht", async () => {
    const product = await firstProduct('demo-th');
    const created = await call('demo-th', 'POST', '/api/payments/checkout_session', {
      amount: product.price.amount,
      currency: 'THB',
      country: 'TH',
      type: 'PAY',
      orders: [lineOf(product)],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const page = (created.body as Payment).actions.find(
      (action) => action.type === 'REDIRECT_CUSTOMER',
    )?.value;
    const html = await (await fetch(page ?? '')).text();
    for (const shown of ['PromptPay', 'SCB Mobile Banking', 'TrueMoney Wallet', 'Online banking']) {
      expect(html).toContain(shown);
    }
    expect(html).toContain(
      `THB\u00a0${(product.price.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });
});
