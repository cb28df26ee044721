import {
  EWALLET_TEST_AMOUNTS,
  hasExcessDecimals,
  marketOfCurrency,
  type CreatePaymentRequestBody,
  type PaymentToken,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, validationError } from '../api-error.ts';
import {
  amountLimits,
  takesAmount,
  isEwallet,
  isPresentToCustomer,
  isSaveable,
  refuseCurrencyOutsideChannel,
  refuseManualCaptureOutsideCards,
  requireChannelIn,
  type Channel,
} from '../channels.ts';
import { planCustomerId, type NewCustomer } from '../customers/service.ts';
import type { Database } from '../db/database.ts';
import { findToken } from '../payment-tokens/service.ts';
import { requestedAmount } from './stored.ts';

// The published rules a create call must meet before any payment request exists: the channel
// (named or the saved token's), its countries and currency, what the type allows, the channel's
// amount limits and the e-wallet test amounts refused up front. Reads only; the first broken rule
// answers.

/** A create call that meets the rules, with what the rest of the create needs from checking it. */
export type CheckedCreate = {
  channel: Channel;
  channelCode: string;
  customerId: string | undefined;
  /** A customer the call names for the first time, written with the create. */
  newCustomer: NewCustomer | undefined;
  token: PaymentToken | undefined;
};

/** E-wallet test amounts that the provider refuses before any payment request exists. */
function refuseEwalletTestAmount(amount: number) {
  if (amount === EWALLET_TEST_AMOUNTS.channelNotActivated) {
    throw new ApiError(
      403,
      'INVALID_MERCHANT_SETTINGS',
      'The payment channel has not been activated for this business',
    );
  }
  if (amount === EWALLET_TEST_AMOUNTS.channelUnavailable) {
    throw new ApiError(503, 'CHANNEL_UNAVAILABLE', 'The e-wallet is unavailable; try again later');
  }
  if (amount === EWALLET_TEST_AMOUNTS.serverError) {
    throw new ApiError(500, 'SERVER_ERROR', 'The provider failed to process the request');
  }
}

/**
 * An amount finer than the currency's minor unit (a fraction of a dong or of a rupiah, a third
 * decimal of a peso) cannot be charged: refused as the provider refuses any invalid field.
 */
export function refuseExcessDecimals(amount: number, currency: string, path = 'request_amount') {
  const market = marketOfCurrency(currency);
  if (market && hasExcessDecimals(amount, market.minorUnits)) {
    throw validationError([
      {
        path,
        message:
          market.minorUnits === 0
            ? `must be a whole number of ${currency}: ${currency} has no minor unit`
            : `must have at most ${market.minorUnits} decimal places for ${currency}`,
      },
    ]);
  }
}

/**
 * The token a create pays with. One the provider never made is 400 INVALID_TOKEN: the file gives
 * a create no 404, and INVALID_TOKEN is its answer for a token that cannot pay.
 */
async function usableToken(db: Database, owner: Owner, id: string): Promise<PaymentToken> {
  const stored = await findToken(db, owner, id);
  if (!stored) throw new ApiError(400, 'INVALID_TOKEN', `No payment token ${id} was found`);
  return stored.data;
}

export async function checkCreateCall(
  db: Database,
  owner: Owner,
  body: CreatePaymentRequestBody,
): Promise<CheckedCreate> {
  let channelCode = body.channel_code;
  const customer = await planCustomerId(db, owner, body);
  let customerId = customer.customerId;
  const token = body.payment_token_id
    ? await usableToken(db, owner, body.payment_token_id)
    : undefined;
  if (token) {
    if (token.status !== 'ACTIVE') {
      throw new ApiError(400, 'INVALID_TOKEN', `The payment token is ${token.status}, not ACTIVE`);
    }
    if (channelCode !== undefined && channelCode !== token.channel_code) {
      throw validationError([
        { path: 'channel_code', message: `must be ${token.channel_code}, the token's channel` },
      ]);
    }
    channelCode = token.channel_code;
    customerId ??= token.customer_id ?? undefined;
  }
  if (channelCode === undefined) {
    throw validationError([{ path: 'channel_code', message: 'is required' }]);
  }
  const channel = requireChannelIn(channelCode, body.country);
  refuseCurrencyOutsideChannel(channelCode, body.country, body.currency);
  refuseManualCaptureOutsideCards(channel.kind, body.capture_method);
  if (body.type === 'PAY_AND_SAVE') {
    if (!isSaveable(channel)) {
      throw validationError([
        {
          path: 'type',
          message: `${channelCode} cannot be saved, so PAY_AND_SAVE is not possible`,
        },
      ]);
    }
    if (customerId === undefined) {
      throw validationError([
        { path: 'customer', message: 'customer or customer_id is required for PAY_AND_SAVE' },
      ]);
    }
  }
  if (body.type === 'REUSABLE_PAYMENT_CODE' && !isPresentToCustomer(channel.kind)) {
    throw validationError([
      { path: 'type', message: `${channelCode} cannot issue a reusable payment code` },
    ]);
  }
  if (body.request_amount !== undefined) refuseExcessDecimals(body.request_amount, body.currency);
  const limits = amountLimits(channelCode, body.country);
  const amount = body.type === 'REUSABLE_PAYMENT_CODE' ? undefined : requestedAmount(body);
  if (limits && amount !== undefined && !takesAmount(channelCode, body.country, amount)) {
    throw validationError([
      {
        path: 'request_amount',
        message: `must be between ${limits.min} and ${limits.max} ${body.currency} for ${channelCode}`,
      },
    ]);
  }
  if (isEwallet(channel.kind)) refuseEwalletTestAmount(requestedAmount(body));
  return { channel, channelCode, customerId, newCustomer: customer.newCustomer, token };
}
