import { describe, expect, it } from 'vitest';
import type { PaymentAction } from '@store/contract';
import type { Action, PaymentRequest } from '@store/xendit';
import { providerCustomer, sameMoney, toProviderPayment, type CustomerRow } from './mapping.ts';

const customer = (mobileNumber: string | null) =>
  ({
    id: 'cus-1',
    email: 'dewi@example.com',
    name: 'Dewi',
    mobileNumber,
    providerCustomerId: null,
  }) as CustomerRow;

describe('providerCustomer', () => {
  it('gives the provider an E.164 account number with the customer', () => {
    expect(providerCustomer(customer('+628123456789')).customer).toMatchObject({
      mobile_number: '+628123456789',
    });
  });

  it('keeps a number the provider would refuse in the store, since the account takes any', () => {
    for (const number of ['0812 3456 789', 'abc', '+62']) {
      expect(providerCustomer(customer(number)).customer).not.toHaveProperty('mobile_number');
    }
  });

  it('names a customer the provider already knows by its id alone', () => {
    expect(
      providerCustomer({ ...customer('abc'), providerCustomerId: 'cust-9' } as CustomerRow),
    ).toEqual({ customer_id: 'cust-9' });
  });
});

describe('sameMoney', () => {
  const stored = { amount: 150_000, currency: 'IDR' };
  it('holds for the stored amount in major units, in the same currency', () => {
    expect(sameMoney(stored, { amount: 150_000, currency: 'IDR' })).toBe(true);
    expect(sameMoney({ amount: 1_050, currency: 'PHP' }, { amount: 10.5, currency: 'PHP' })).toBe(
      true,
    );
    expect(sameMoney(stored, { amount: 150_000, currency: 'PHP' })).toBe(false);
  });

  it('never holds for a request of any amount, which states none', () => {
    expect(sameMoney(stored, { amount: undefined, currency: 'IDR' })).toBe(false);
  });
});

describe('a virtual account as the store carries it', () => {
  const accountNumber: Action = {
    type: 'PRESENT_TO_CUSTOMER',
    descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
    value: '9704540012345678',
  };
  const vietQr: Action = {
    type: 'PRESENT_TO_CUSTOMER',
    descriptor: 'QR_STRING',
    value:
      '00020101021238540010A00000072701240006970454011600123456780208QRIBFTTA53037045802VN63041234',
  };
  const storeActions = (actions: Action[]) =>
    toProviderPayment({
      payment_request_id: 'pr-1',
      reference_id: 'pay-1',
      channel_code: 'VIETCAPITAL_VIRTUAL_ACCOUNT',
      status: 'REQUIRES_ACTION',
      currency: 'VND',
      actions,
    } as PaymentRequest).changesFor({ id: 'pay-1', channelProperties: {}, providerTokenId: null })
      .actions as PaymentAction[];

  it('carries the VietQR the provider presents beside the number, on the same screen', () => {
    expect(storeActions([accountNumber, vietQr])).toEqual([
      {
        type: 'PRESENT_TO_CUSTOMER',
        descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
        value: '/payments/pay-1',
        paymentCode: accountNumber.value,
      },
      {
        type: 'PRESENT_TO_CUSTOMER',
        descriptor: 'QR_STRING',
        value: '/payments/pay-1',
        paymentCode: vietQr.value,
      },
    ]);
  });

  it('carries no QR string for an account the provider presents without one', () => {
    expect(storeActions([accountNumber]).map((action) => action.descriptor)).toEqual([
      'VIRTUAL_ACCOUNT_NUMBER',
    ]);
  });

  it("keeps a QR payment's own QR string on the payment-code screen", () => {
    expect(storeActions([vietQr])[0]?.value).toBe('/payments/new/pay-1/paymentcode');
  });
});
