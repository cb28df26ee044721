import type { OrderLine } from './payments.ts';

/**
 * Checkout rules the server enforces and the web app shows before anything is sent, written once:
 * where a voucher applies, what a channel input must look like, what a partial refund gave back.
 */

/** A voucher as these rules need it: limited to one channel (`payment_method_type`) or to none. */
export interface VoucherTerms {
  code: string;
  fixed_amount: number;
  payment_method_type: string | null;
}

/** Whether the voucher may be used when paying with this channel code. */
export const voucherAppliesTo = (
  voucher: Pick<VoucherTerms, 'payment_method_type'>,
  channelCode: string,
): boolean => voucher.payment_method_type === null || voucher.payment_method_type === channelCode;

/** The voucher's condition in the customer's words ("with OVO only"), or null for any channel. */
export const voucherCondition = (voucher: Pick<VoucherTerms, 'payment_method_type'>) =>
  voucher.payment_method_type === null ? null : `with ${voucher.payment_method_type} only`;

/** The store's refusal of a voucher used with another channel. */
export const voucherNotApplicableMessage = (
  voucher: Pick<VoucherTerms, 'code' | 'payment_method_type'>,
) =>
  `Voucher ${voucher.code} is for payments ${voucherCondition(voucher) ?? 'with any channel'}: pay with ${voucher.payment_method_type ?? 'any channel'} or remove the voucher`;

/**
 * The least time between two OTP resends of a payment: each resend is a text message. The server
 * refuses a sooner one; the OTP screen shows when the next is possible.
 */
export const otpResendCooldownSeconds = 30;

/** The store's words for a wrong OTP, with the tries the provider still allows. */
export const wrongOtpMessage = (attemptsLeft: number | null) =>
  attemptsLeft === null
    ? 'That code is not right: check it and try again'
    : `That code is not right: ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`;

/**
 * The amount charged for the lines paid with a channel: the voucher comes off only where it
 * applies, never below zero (integers, minor units).
 */
export function totalFor(
  lines: readonly { price: number }[],
  voucher: Pick<VoucherTerms, 'fixed_amount' | 'payment_method_type'> | null,
  channelCode: string | null,
): number {
  const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
  const applies =
    voucher !== null &&
    (voucher.payment_method_type === null ||
      (channelCode !== null && voucherAppliesTo(voucher, channelCode)));
  return Math.max(0, subtotal - (applies ? voucher.fixed_amount : 0));
}

/**
 * A mobile number as the provider takes it in channel properties and customer records: E.164, a
 * plus, the country code and the subscriber number, digits only, at most 15 of them.
 */
export const e164Pattern = /^\+[1-9]\d{7,14}$/;

/** Calling codes of the stores' countries, for the example a refusal gives. */
const callingCodes: Record<string, string> = {
  ID: '62',
  PH: '63',
  MY: '60',
  TH: '66',
  VN: '84',
  SG: '65',
};

/** A mobile subscriber number of each country, as its operators number them (examples). */
const exampleSubscribers: Record<string, string> = {
  ID: '8123456789',
  PH: '9171234567',
  MY: '123456789',
  TH: '812345678',
  VN: '912345678',
  SG: '81234567',
};

/** An example of the number the provider expects in a store's country. */
export const exampleMobileNumber = (country: string) =>
  `+${callingCodes[country] ?? '62'}${exampleSubscribers[country] ?? exampleSubscribers.ID}`;

/** Whether a mobile number is E.164 with the store's country code (+60 in Malaysia, say). */
export const isMobileNumberOf = (country: string, value: string) =>
  e164Pattern.test(value) && value.startsWith(`+${callingCodes[country] ?? ''}`);

/**
 * What is wrong with a channel input the provider would refuse, in words naming the field and the
 * form it expects; null when the provider takes it. Only inputs whose form the provider documents
 * are checked: `mobile_number` (E.164).
 */
export function channelInputProblem(name: string, value: string, country: string): string | null {
  if (name === 'mobile_number' && !e164Pattern.test(value)) {
    return `mobile_number must be in E.164 form: a plus, the country code and the number, digits only (for example ${exampleMobileNumber(country)})`;
  }
  if (name === 'mobile_number' && !isMobileNumberOf(country, value)) {
    return `mobile_number must be a number of this store's country, starting +${callingCodes[country]} (for example ${exampleMobileNumber(country)})`;
  }
  return null;
}

/**
 * How much of a payment has been refunded: the refunded lines' prices, capped at what was paid
 * (a voucher's discount comes off the last lines refunded, so the running sum is capped too).
 */
export function refundedAmount(payment: {
  amount: number;
  orders: readonly Pick<OrderLine, 'price' | 'status'>[];
}): number {
  const refunded = payment.orders
    .filter((line) => line.status === 'REFUND_SUCCEEDED')
    .reduce((sum, line) => sum + line.price, 0);
  return Math.min(refunded, payment.amount);
}

/** Some lines refunded and some still paid (or their refund pending or failed). */
export const isPartlyRefunded = (payment: {
  orders: readonly Pick<OrderLine, 'status'>[];
}): boolean =>
  payment.orders.some((line) => line.status === 'REFUND_SUCCEEDED') &&
  payment.orders.some((line) => line.status !== 'REFUND_SUCCEEDED');

/**
 * Whether a channel takes a payment of this amount (minor units): a channel that cannot is not
 * offered, rather than refused with AMOUNT_OUT_OF_RANGE once chosen.
 */
export const channelTakes = (
  channel: { amount_limits?: { min: number; max: number } },
  amount: number,
): boolean =>
  channel.amount_limits === undefined ||
  (amount >= channel.amount_limits.min && amount <= channel.amount_limits.max);
