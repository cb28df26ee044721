import { describe, expect, it } from 'vitest';
import { providerCustomer, sameMoney, type CustomerRow } from './mapping.ts';

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
