import { describe, expect, it } from 'vitest';
import { authorisedCardRequest } from '../testing/card-requests.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';

const sim = simulatorUnderTest({ keyPrefix: 'refunds', apiVersion: true });
const { call, key } = sim;

/** A card payment authorised for IDR 10,000 and captured in part, for IDR 6,000. */
async function partlyCaptured(): Promise<string> {
  const created = await call('POST', '/v3/payment_requests', authorisedCardRequest(key()));
  expect(created.body.status).toBe('AUTHORIZED');
  const captured = await call(
    'POST',
    `/v3/payments/${String(created.body.latest_payment_id)}/capture`,
    { capture_amount: 6_000 },
  );
  expect([captured.status, captured.body.status]).toEqual([200, 'SUCCEEDED']);
  return String(created.body.payment_request_id);
}

describe('refunds of a partly captured payment', () => {
  // "Refund amount specified in refund request must be less than or equal to unrefunded capture
  // amount" (the description's Payments_API_Http400RefundAmountExceeded).
  it('refuses more than was captured with 400 REFUND_AMOUNT_EXCEEDED', async () => {
    const refused = await call('POST', '/refunds', {
      payment_request_id: await partlyCaptured(),
      reason: 'REQUESTED_BY_CUSTOMER',
      amount: 10_000,
    });
    expect([refused.status, refused.body.error_code]).toEqual([400, 'REFUND_AMOUNT_EXCEEDED']);
  });

  it('gives back the captured amount when the refund names none', async () => {
    const refund = await call('POST', '/refunds', {
      payment_request_id: await partlyCaptured(),
      reason: 'REQUESTED_BY_CUSTOMER',
    });
    expect([refund.status, refund.body.amount]).toEqual([200, 6_000]);
  });
});
