import { describe, expect, it } from 'vitest';
import {
  cardPaymentRequestOf,
  paymentRequestOf,
  paymentReferenceId,
  type CheckoutOrder,
} from './payment-request';

const mug = { product_id: 'id-mug', quantity: 1, price: 89_000, currency: 'IDR' } as const;
const shirt = { product_id: 'id-shirt', quantity: 1, price: 150_000, currency: 'IDR' } as const;
const order: CheckoutOrder = { orders: [mug, shirt], currency: 'IDR', voucher: null, save: false };
const hemat10 = {
  id: 'v-hemat10',
  code: 'HEMAT10',
  fixed_amount: 10_000,
  payment_method_type: null,
};
const ovo25 = { id: 'v-ovo25', code: 'OVO25', fixed_amount: 25_000, payment_method_type: 'OVO' };
const cards = { code: 'CARDS', country: 'ID' };

describe('paymentRequestOf', () => {
  it('pays the order total with the chosen channel, under the fixed reference', () => {
    expect(paymentRequestOf(order, { channel: 'OVO', country: 'ID' })).toEqual({
      amount: 239_000,
      currency: 'IDR',
      country: 'ID',
      channel: 'OVO',
      reference_id: paymentReferenceId,
      type: 'PAY',
      orders: [mug, shirt],
    });
  });

  it('takes the voucher off the total and names it, and sends the channel inputs', () => {
    const request = paymentRequestOf(
      { ...order, voucher: hemat10 },
      { channel: 'OVO', country: 'ID', channelProperties: { mobile_number: '+628123' } },
    );
    expect(request).toMatchObject({
      amount: 229_000,
      voucher_id: 'v-hemat10',
      channel_properties: { mobile_number: '+628123' },
    });
  });

  it('uses a voucher limited to one channel only with that channel, charging what checkout shows', () => {
    const withOvo = paymentRequestOf(
      { ...order, voucher: ovo25 },
      { channel: 'OVO', country: 'ID' },
    );
    expect(withOvo).toMatchObject({ amount: 214_000, voucher_id: 'v-ovo25' });
    const withDana = paymentRequestOf(
      { ...order, voucher: ovo25 },
      { channel: 'DANA', country: 'ID' },
    );
    expect(withDana.amount).toBe(239_000);
    expect(withDana).not.toHaveProperty('voucher_id');
    expect(cardPaymentRequestOf({ ...order, voucher: ovo25 }, cards)).not.toHaveProperty(
      'voucher_id',
    );
  });

  it('leaves out channel properties the channel did not ask for', () => {
    const request = paymentRequestOf(order, {
      channel: 'OVO',
      country: 'ID',
      channelProperties: {},
    });
    expect(request).not.toHaveProperty('channel_properties');
    expect(request).not.toHaveProperty('voucher_id');
  });

  it('pays and saves with a channel when Save Payment Method? is checked', () => {
    expect(paymentRequestOf({ ...order, save: true }, { channel: 'OVO', country: 'ID' }).type).toBe(
      'PAY_AND_SAVE',
    );
  });

  it('pays with a saved method as it is, whatever the save choice', () => {
    const request = paymentRequestOf(
      { ...order, save: true },
      { channel: 'OVO', country: 'ID', paymentMethodId: 'pm_1' },
    );
    expect(request).toMatchObject({ type: 'PAY', payment_token_id: 'pm_1' });
  });
});

describe('cardPaymentRequestOf', () => {
  it('asks for a card session for the order, its voucher and its save choice', () => {
    expect(cardPaymentRequestOf({ ...order, voucher: hemat10, save: true }, cards)).toEqual({
      orders: [mug, shirt],
      voucher_id: 'v-hemat10',
      country: 'ID',
      currency: 'IDR',
      type: 'PAY_AND_SAVE',
    });
    expect(cardPaymentRequestOf(order, cards)).toEqual({
      orders: [mug, shirt],
      country: 'ID',
      currency: 'IDR',
      type: 'PAY',
    });
  });
});
