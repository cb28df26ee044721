import { describe, expect, it } from 'vitest';
import {
  channelInputProblem,
  channelTakes,
  isPartlyRefunded,
  refundedAmount,
  totalFor,
  voucherAppliesTo,
  voucherCondition,
  voucherNotApplicableMessage,
  wrongOtpMessage,
} from './checkout-rules.ts';

const ovo25 = { code: 'OVO25', fixed_amount: 25_000, payment_method_type: 'OVO' };
const hemat10 = { code: 'HEMAT10', fixed_amount: 10_000, payment_method_type: null };
const lines = [{ price: 40_000 }, { price: 25_000 }];

describe('vouchers', () => {
  it('applies a voucher to its own channel only, and one without a channel to all', () => {
    expect(voucherAppliesTo(ovo25, 'OVO')).toBe(true);
    expect(voucherAppliesTo(ovo25, 'DANA')).toBe(false);
    expect(voucherAppliesTo(hemat10, 'DANA')).toBe(true);
  });

  it('words the condition and the refusal', () => {
    expect(voucherCondition(ovo25)).toBe('with OVO only');
    expect(voucherCondition(hemat10)).toBeNull();
    expect(voucherNotApplicableMessage(ovo25)).toBe(
      'Voucher OVO25 is for payments with OVO only: pay with OVO or remove the voucher',
    );
  });

  it('charges each channel its own total: the voucher comes off where it applies', () => {
    expect(totalFor(lines, ovo25, 'OVO')).toBe(40_000);
    expect(totalFor(lines, ovo25, 'DANA')).toBe(65_000);
    expect(totalFor(lines, ovo25, null)).toBe(65_000);
    expect(totalFor(lines, hemat10, null)).toBe(55_000);
    expect(totalFor([{ price: 5_000 }], hemat10, 'DANA')).toBe(0);
  });
});

describe('channel inputs', () => {
  it.each([
    ['ID', '+628123456789'],
    ['PH', '+639171234567'],
    ['MY', '+60123456789'],
    ['TH', '+66812345678'],
    ['VN', '+84912345678'],
    ['SG', '+6581234567'],
  ])('takes in %s the E.164 number %j', (country, value) => {
    expect(channelInputProblem('mobile_number', value, country)).toBeNull();
  });

  it.each([
    ['MY', '+628123456789', '+60123456789'],
    ['VN', '+66812345678', '+84912345678'],
    ['ID', '+639171234567', '+628123456789'],
  ])(
    "refuses in %s another country's number %j, with an example of its own",
    (country, value, example) => {
      expect(channelInputProblem('mobile_number', value, country)).toBe(
        `mobile_number must be a number of this store's country, starting ${example.slice(0, 3)} (for example ${example})`,
      );
    },
  );

  it.each(['abc', '08123456789', '628123456789', '+62 812 3456 789', '+0812345678', '+62812'])(
    'refuses %j, naming the field and the form with an example of the store country',
    (value) => {
      expect(channelInputProblem('mobile_number', value, 'PH')).toBe(
        'mobile_number must be in E.164 form: a plus, the country code and the number, digits only (for example +639171234567)',
      );
    },
  );

  it('leaves inputs whose form the provider does not document alone', () => {
    expect(channelInputProblem('account_name', 'anything', 'ID')).toBeNull();
  });
});

describe('OTP words', () => {
  it('says how many tries are left in words, one or many', () => {
    expect(wrongOtpMessage(2)).toBe('That code is not right: 2 attempts left');
    expect(wrongOtpMessage(1)).toBe('That code is not right: 1 attempt left');
    expect(wrongOtpMessage(null)).toBe('That code is not right: check it and try again');
  });
});

describe('partial refunds', () => {
  const paid = (status: 'PAID' | 'REFUND_SUCCEEDED', price: number) => ({ status, price });

  it('sums the refunded lines, capped at what was paid', () => {
    const payment = {
      amount: 50_000,
      orders: [paid('REFUND_SUCCEEDED', 40_000), paid('PAID', 25_000)],
    };
    expect(refundedAmount(payment)).toBe(40_000);
    expect(isPartlyRefunded(payment)).toBe(true);
    const all = {
      amount: 50_000,
      orders: [paid('REFUND_SUCCEEDED', 40_000), paid('REFUND_SUCCEEDED', 25_000)],
    };
    expect(refundedAmount(all)).toBe(50_000);
    expect(isPartlyRefunded(all)).toBe(false);
  });
});

describe('channelTakes', () => {
  const pesonet = { amount_limits: { min: 5_000_001, max: 2_000_000_000 } };
  it('takes an amount within the limits, their ends included, and any amount without limits', () => {
    expect(channelTakes(pesonet, 5_000_001)).toBe(true);
    expect(channelTakes(pesonet, 2_000_000_000)).toBe(true);
    expect(channelTakes({}, 1)).toBe(true);
  });
  it('refuses an amount below or above them', () => {
    expect(channelTakes(pesonet, 45_000)).toBe(false);
    expect(channelTakes(pesonet, 5_000_000)).toBe(false);
    expect(channelTakes(pesonet, 2_000_000_001)).toBe(false);
  });
});
