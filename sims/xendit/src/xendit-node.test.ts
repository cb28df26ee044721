import { Xendit, XenditSdkError } from 'xendit-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUnderTest } from './testing/simulator-under-test.ts';

// A client nobody here wrote: the provider's official Node SDK (xendit-node), pointed at the
// simulator by its base URL alone, drives its refund module end to end.

const sim = simulatorUnderTest({
  keyPrefix: 'sdk',
  // Refunds stay PENDING long enough to be cancelled.
  simulator: { asyncDelayMs: 60_000 },
  receiver: false,
});
const { account, call, key } = sim;
const client = sim.client();
let sdk: Xendit;

beforeAll(() => {
  sdk = new Xendit({ secretKey: account.testSecretKey, xenditURL: sim.simulator.url });
});

/** A payment paid in full: a virtual account, simulated. */
async function paidRequest(amount = 90_000, channel = 'BNI_VIRTUAL_ACCOUNT') {
  const { body } = await client.createPaymentRequest(
    {
      reference_id: key(),
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: amount,
      channel_code: channel,
      channel_properties: {},
    },
    { idempotencyKey: key() },
  );
  await client.simulatePaymentRequest(body.payment_request_id, { amount });
  for (;;) {
    const read = (await client.getPaymentRequest(body.payment_request_id)).body;
    if (read.status === 'SUCCEEDED') return read;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An e-wallet payment approved on its hosted page. */
async function paidEwallet() {
  const { body } = await client.createPaymentRequest(
    {
      reference_id: key(),
      type: 'PAY',
      country: 'ID',
      currency: 'IDR',
      request_amount: 40_000,
      channel_code: 'DANA',
      channel_properties: { success_return_url: 'https://store.example/success' },
    },
    { idempotencyKey: key() },
  );
  await fetch(body.actions?.[0]?.value ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve' }),
    redirect: 'manual',
  });
  return body.payment_request_id;
}

describe('xendit-node 7 refund module against the simulator', () => {
  it('creates, reads, lists with filters and pages, and cancels refunds', async () => {
    const paid = await paidRequest();
    const created: Awaited<ReturnType<Xendit['Refund']['createRefund']>>[] = [];
    for (const amount of [10_000, 20_000, 30_000]) {
      // The provider takes one refund of a payment at a time: the one before has to end first.
      const before = created.at(-1);
      if (before) {
        const ended = await call('POST', `/_sim/refunds/${before.id}/outcome`, {
          status: 'SUCCEEDED',
        });
        expect(ended.status).toBe(200);
      }
      created.push(
        await sdk.Refund.createRefund({
          idempotencyKey: key(),
          data: {
            paymentRequestId: paid.payment_request_id,
            amount,
            currency: 'IDR',
            reason: 'REQUESTED_BY_CUSTOMER',
            referenceId: key(),
          },
        }),
      );
    }
    expect(created.map((refund) => refund.amount)).toEqual([10_000, 20_000, 30_000]);
    expect(created[0]).toMatchObject({
      paymentRequestId: paid.payment_request_id,
      channelCode: 'BNI_VIRTUAL_ACCOUNT',
      country: 'ID',
      currency: 'IDR',
    });

    const read = await sdk.Refund.getRefund({ refundID: created[0]?.id ?? '' });
    // Read after it ended: the same refund, updated since (the SDK's model has no status).
    expect(read).toEqual({ ...created[0], updated: read.updated });
    expect((await call('GET', `/refunds/${read.id}`)).body.status).toBe('SUCCEEDED');

    const all = await sdk.Refund.getAllRefunds({ paymentRequestId: paid.payment_request_id });
    // Newest first.
    expect(all.data.map((refund) => refund.id)).toEqual(created.map((r) => r.id).reverse());
    expect(all.hasMore).toBe(false);
    const first = await sdk.Refund.getAllRefunds({
      paymentRequestId: paid.payment_request_id,
      limit: 2,
    });
    expect([first.data.length, first.hasMore]).toEqual([2, true]);
    const next = await sdk.Refund.getAllRefunds({
      paymentRequestId: paid.payment_request_id,
      limit: 2,
      afterId: first.data[1]?.id,
    });
    expect([next.data.map((refund) => refund.id), next.hasMore]).toEqual([[created[0]?.id], false]);
    const back = await sdk.Refund.getAllRefunds({
      paymentRequestId: paid.payment_request_id,
      limit: 2,
      beforeId: next.data[0]?.id,
    });
    expect(back.data.map((refund) => refund.id)).toEqual(first.data.map((refund) => refund.id));
    const byType = await sdk.Refund.getAllRefunds({
      paymentRequestId: paid.payment_request_id,
      paymentMethodType: 'EWALLET',
    });
    expect(byType.data).toEqual([]);
    const wallet = await paidEwallet();
    const walletRefund = await sdk.Refund.createRefund({
      idempotencyKey: key(),
      data: { paymentRequestId: wallet, reason: 'OTHERS' },
    });
    const wallets = await sdk.Refund.getAllRefunds({ paymentMethodType: 'EWALLET' });
    expect(wallets.data.map((refund) => refund.id)).toContain(walletRefund.id);
    const byChannel = await sdk.Refund.getAllRefunds({ channelCode: 'BNI_VIRTUAL_ACCOUNT' });
    expect(byChannel.data.length).toBeGreaterThanOrEqual(3);

    const cancelled = await sdk.Refund.cancelRefund({ refundID: created[2]?.id ?? '' });
    expect(cancelled.id).toBe(created[2]?.id);
    const raw = await call('GET', `/refunds/${created[2]?.id ?? ''}`);
    expect(raw.body.status).toBe('CANCELLED');
  });

  it('answers the SDK its errors: an unknown refund, a second cancel, a bad page size', async () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (caught: unknown) => caught,
      );
    const missing = await failure(sdk.Refund.getRefund({ refundID: 'rfd-nothing' }));
    expect(missing).toBeInstanceOf(XenditSdkError);
    expect([
      Number((missing as XenditSdkError).status),
      (missing as XenditSdkError).errorCode,
    ]).toEqual([404, 'DATA_NOT_FOUND']);
    const paid = await paidRequest(15_000);
    const refund = await sdk.Refund.createRefund({
      idempotencyKey: key(),
      data: { paymentRequestId: paid.payment_request_id, reason: 'CANCELLATION' },
    });
    expect(refund.amount).toBe(15_000);
    await sdk.Refund.cancelRefund({ refundID: refund.id ?? '' });
    const again = await failure(sdk.Refund.cancelRefund({ refundID: refund.id ?? '' }));
    expect((again as XenditSdkError).errorCode).toBe('INELIGIBLE_TRANSACTION_STATUS');
    const page = await failure(sdk.Refund.getAllRefunds({ limit: 1000 }));
    expect((page as XenditSdkError).errorCode).toBe('API_VALIDATION_ERROR');
  });
});
