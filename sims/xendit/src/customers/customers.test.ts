import { Xendit, XenditSdkError } from 'xendit-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatorUnderTest } from '../testing/simulator-under-test.ts';

// The subscriptions guide's first step, as integrators write it with the provider's official Node
// SDK (xendit-node, its Customer module) pointed at the simulator by its base URL alone: make a
// customer, then name it where a customer_id is asked for.

const sim = simulatorUnderTest({ keyPrefix: 'customers', receiver: false });
const { account, call, key } = sim;
let sdk: Xendit;

beforeAll(() => {
  sdk = new Xendit({ secretKey: account.testSecretKey, xenditURL: sim.simulator.url });
});

async function sdkError(call: Promise<unknown>): Promise<XenditSdkError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(XenditSdkError);
  return error as XenditSdkError;
}

describe('customers', () => {
  it('makes, reads, finds by reference and updates a customer through the SDK', async () => {
    const referenceId = key();
    const made = await sdk.Customer.createCustomer({
      idempotencyKey: key(),
      data: {
        referenceId,
        type: 'INDIVIDUAL',
        individualDetail: { givenNames: 'Ana', surname: 'Santos' },
        email: 'ana@example.com',
        mobileNumber: '+628123456789',
      },
    });
    expect(made.id).toMatch(/^cust-[0-9a-f-]{36}$/);
    expect([made.referenceId, made.type, made.individualDetail?.givenNames, made.email]).toEqual([
      referenceId,
      'INDIVIDUAL',
      'Ana',
      'ana@example.com',
    ]);
    expect(made.created).toBeInstanceOf(Date);

    const read = await sdk.Customer.getCustomer({ id: made.id });
    expect([read.id, read.mobileNumber]).toEqual([made.id, '+628123456789']);

    const found = await sdk.Customer.getCustomerByReferenceID({ referenceId });
    expect(found.data?.map((customer) => customer.id)).toEqual([made.id]);
    const none = await sdk.Customer.getCustomerByReferenceID({ referenceId: key() });
    expect([none.data, none.hasMore]).toEqual([[], false]);

    const updated = await sdk.Customer.updateCustomer({
      id: made.id,
      data: { email: 'ana.santos@example.com' },
    });
    expect([updated.email, updated.referenceId]).toEqual(['ana.santos@example.com', referenceId]);
    expect((await sdk.Customer.getCustomer({ id: made.id })).email).toBe('ana.santos@example.com');

    // An INDIVIDUAL keeps its individual_detail: a PATCH clearing it is refused, and changes nothing.
    const cleared = await call('PATCH', `/customers/${made.id}`, { individual_detail: null });
    expect([cleared.status, cleared.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
    expect((await sdk.Customer.getCustomer({ id: made.id })).individualDetail?.givenNames).toBe(
      'Ana',
    );
  });

  it('a customer made so is one a session may name; the same key gives the same customer', async () => {
    const body = {
      reference_id: key(),
      type: 'BUSINESS',
      business_detail: { business_name: 'Toko Ana', business_type: 'SOLE_PROPRIETOR' },
    };
    const idempotencyKey = key();
    const first = await call('POST', '/customers', body, {
      headers: { 'idempotency-key': idempotencyKey },
    });
    const again = await call('POST', '/customers', body, {
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect([first.status, again.body.id]).toEqual([200, first.body.id]);
    expect(first.body).toMatchObject({ type: 'BUSINESS', individual_detail: null, email: null });

    const session = await call('POST', '/sessions', {
      reference_id: key(),
      session_type: 'PAY',
      mode: 'PAYMENT_LINK',
      amount: 50_000,
      currency: 'IDR',
      country: 'ID',
      customer_id: first.body.id,
      success_return_url: 'https://store.example/success',
      cancel_return_url: 'https://store.example/cancel',
    });
    expect([session.status, session.body.customer_id]).toEqual([201, first.body.id]);
  });

  it('refuses a taken reference_id, a missing detail and an unknown id, as the SDK reads them', async () => {
    const referenceId = key();
    const data = {
      referenceId,
      type: 'INDIVIDUAL' as const,
      individualDetail: { givenNames: 'Budi' },
    };
    await sdk.Customer.createCustomer({ data });
    const taken = await sdkError(sdk.Customer.createCustomer({ data }));
    expect([Number(taken.status), taken.errorCode]).toEqual([400, 'DUPLICATE_END_CUSTOMER_ERROR']);

    const noDetail = await call('POST', '/customers', { reference_id: key(), type: 'INDIVIDUAL' });
    expect([noDetail.status, noDetail.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);

    const unknown = await sdkError(
      sdk.Customer.getCustomer({ id: 'cust-00000000-0000-4000-8000-000000000000' }),
    );
    expect([Number(unknown.status), unknown.errorCode]).toEqual([404, 'DATA_NOT_FOUND']);

    // Made at once with one reference_id, under other keys: one is made.
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/customers', {
          reference_id: `racing-${referenceId}`,
          type: 'INDIVIDUAL',
          individual_detail: { given_names: 'Dewi' },
        }),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);

    const noReference = await call('GET', '/customers');
    expect([noReference.status, noReference.body.error_code]).toEqual([
      400,
      'API_VALIDATION_ERROR',
    ]);
  });

  it('a live key does not see a test customer', async () => {
    const made = await call('POST', '/customers', {
      reference_id: key(),
      type: 'INDIVIDUAL',
      individual_detail: { given_names: 'Citra' },
    });
    const live = new Xendit({ secretKey: account.liveSecretKey, xenditURL: sim.simulator.url });
    const error = await sdkError(live.Customer.getCustomer({ id: String(made.body.id) }));
    expect(Number(error.status)).toBe(404);
  });
});
