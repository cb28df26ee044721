import { describe, expect, it } from 'vitest';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';
import { webhookOf } from '../testing/webhook-receiver.ts';

const sim = simulatorUnderTest({ keyPrefix: 'settle', apiVersion: true });
const { call, key } = sim;

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
    const capture = await sim.receiver.waitFor(webhookOf('payment.capture', id));
    expect(capture.body.data).toMatchObject({ payment_request_id: id, request_amount: 75_000 });
    expect((await call('GET', `/v3/payment_requests/${id}`)).body.status).toBe('SUCCEEDED');
  });

  it('without an amount pays a reusable code its request amount, and still refuses a wrong one', async () => {
    const created = await virtualAccount('REUSABLE_PAYMENT_CODE');
    const id = String(created.body.payment_request_id);
    expect((await call('POST', `/v3/payment_requests/${id}/simulate`, {})).status).toBe(200);
    const capture = await sim.receiver.waitFor(webhookOf('payment.capture', id));
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

describe('a reusable code of any amount (ReusablePaymentCode without request_amount)', () => {
  const openCode = (type: 'PAY' | 'REUSABLE_PAYMENT_CODE') =>
    call('POST', '/v3/payment_requests', {
      reference_id: key(),
      type,
      country: 'ID',
      currency: 'IDR',
      channel_code: 'BNI_VIRTUAL_ACCOUNT',
      channel_properties: {},
    });

  it('is issued without an amount and takes each payment at the amount paid', async () => {
    const created = await openCode('REUSABLE_PAYMENT_CODE');
    expect([created.status, created.body.status]).toEqual([201, 'ACCEPTING_PAYMENTS']);
    expect(created.body).not.toHaveProperty('request_amount');
    const id = String(created.body.payment_request_id);

    for (const body of [{}, { amount: 0 }]) {
      const refused = await call('POST', `/v3/payment_requests/${id}/simulate`, body);
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    }

    for (const amount of [12_345, 20_000]) {
      expect((await call('POST', `/v3/payment_requests/${id}/simulate`, { amount })).status).toBe(
        200,
      );
      const capture = await sim.receiver.waitFor(
        (hook) =>
          webhookOf('payment.capture', id)(hook) &&
          (hook.body.data as { request_amount?: number }).request_amount === amount,
      );
      expect(capture.body.data).toMatchObject({ status: 'SUCCEEDED', request_amount: amount });
    }
    expect((await call('GET', `/v3/payment_requests/${id}`)).body.status).toBe(
      'ACCEPTING_PAYMENTS',
    );
  });

  it('once cancelled, is refused for its status, with or without an amount', async () => {
    const created = await openCode('REUSABLE_PAYMENT_CODE');
    const id = String(created.body.payment_request_id);
    expect((await call('POST', `/v3/payment_requests/${id}/cancel`)).status).toBe(200);
    for (const body of [{}, { amount: 5_000 }]) {
      const refused = await call('POST', `/v3/payment_requests/${id}/simulate`, body);
      expect([refused.status, refused.body.error_code]).toEqual([
        400,
        'INELIGIBLE_TRANSACTION_STATUS',
      ]);
    }
  });

  it('is a reusable code only: a PAY request still needs its amount', async () => {
    const refused = await openCode('PAY');
    expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect(JSON.stringify(refused.body)).toContain('request_amount');
  });
});
