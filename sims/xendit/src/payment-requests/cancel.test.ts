import { describe, expect, it } from 'vitest';
import { authorisedCardRequest } from '../testing/card-requests.ts';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';

const sim = simulatorUnderTest({ keyPrefix: 'cancel', apiVersion: true });
const { call, key } = sim;

describe('an authorised payment request', () => {
  it('is released by cancelling its payment, not the request, which would strand the payment', async () => {
    const created = await call('POST', '/v3/payment_requests', authorisedCardRequest(key()));
    const paymentId = String(created.body.latest_payment_id);
    const refused = await call(
      'POST',
      `/v3/payment_requests/${String(created.body.payment_request_id)}/cancel`,
    );
    expect([refused.status, refused.body.error_code]).toEqual([
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
    ]);
    expect((await call('GET', `/v3/payments/${paymentId}`)).body.status).toBe('AUTHORIZED');
    const canceled = await call('POST', `/v3/payments/${paymentId}/cancel`);
    expect([canceled.status, canceled.body.status]).toEqual([200, 'CANCELED']);
    const request = await call(
      'GET',
      `/v3/payment_requests/${String(created.body.payment_request_id)}`,
    );
    expect(request.body.status).toBe('CANCELED');
  });
});
