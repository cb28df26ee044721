import { describe, expect, it } from 'vitest';
import { providerCustomer, type CustomerRow } from './mapping.ts';

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
