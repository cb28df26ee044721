import {
  checkoutChannelCode,
  totalFor,
  voucherAppliesTo,
  type CreateCardPaymentRequest,
  type CreateCheckoutSessionPaymentRequest,
  type CreatePaymentRequest,
  type Currency,
  type Voucher,
} from '@store/contract/client';

/** The specification's fixed placeholder reference of every storefront payment. */
export const paymentReferenceId = 'demo-store-order';

/** What the customer pays for at checkout: the order lines, the voucher and the save choice. */
export interface CheckoutOrder {
  orders: CreatePaymentRequest['orders'];
  currency: Currency;
  voucher: Pick<Voucher, 'id' | 'code' | 'fixed_amount' | 'payment_method_type'> | null;
  /** Save Payment Method? */
  save: boolean;
}

/** How the customer pays: a channel with the inputs it asked for, or a saved payment method. */
export interface PaymentChoice {
  channel: string;
  country: string;
  channelProperties?: Record<string, string>;
  /** A saved method pays as it is: the save choice does not apply to it. */
  paymentMethodId?: string;
}

/** The voucher of the order when it applies to the channel paid with, else none. */
const voucherFor = (order: CheckoutOrder, channelCode: string) =>
  order.voucher && voucherAppliesTo(order.voucher, channelCode)
    ? { voucher_id: order.voucher.id }
    : {};

/**
 * POST /payments for the order, paid with the chosen channel or saved method. A voucher limited
 * to another channel is left out, and the amount is the one checkout shows for that channel.
 */
export function paymentRequestOf(
  order: CheckoutOrder,
  choice: PaymentChoice,
): CreatePaymentRequest {
  const properties = choice.channelProperties ?? {};
  return {
    amount: totalFor(order.orders, order.voucher, choice.channel),
    currency: order.currency,
    country: choice.country,
    channel: choice.channel,
    reference_id: paymentReferenceId,
    type: order.save && choice.paymentMethodId === undefined ? 'PAY_AND_SAVE' : 'PAY',
    ...(choice.paymentMethodId === undefined ? {} : { payment_token_id: choice.paymentMethodId }),
    orders: order.orders,
    ...voucherFor(order, choice.channel),
    ...(Object.keys(properties).length > 0 ? { channel_properties: properties } : {}),
  };
}

/** POST /payments/cards for the order: the card session the card form pays with. */
export function cardPaymentRequestOf(
  order: CheckoutOrder,
  channel: { code: string; country: string },
): CreateCardPaymentRequest {
  return {
    orders: order.orders,
    ...voucherFor(order, channel.code),
    country: channel.country,
    currency: order.currency,
    type: order.save ? 'PAY_AND_SAVE' : 'PAY',
  };
}

/**
 * POST /payments/checkout_session for the order: the customer chooses the channel on the
 * provider's hosted checkout, which saves it too when Save Payment Method? is ticked. A voucher
 * limited to one channel is left out: the channel is not known yet.
 */
export function checkoutSessionRequestOf(
  order: CheckoutOrder,
  country: string,
): CreateCheckoutSessionPaymentRequest {
  return {
    amount: totalFor(order.orders, order.voucher, checkoutChannelCode),
    currency: order.currency,
    country,
    reference_id: paymentReferenceId,
    type: order.save ? 'PAY_AND_SAVE' : 'PAY',
    orders: order.orders,
    ...voucherFor(order, checkoutChannelCode),
  };
}
