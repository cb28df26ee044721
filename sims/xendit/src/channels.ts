import {
  MARKETS,
  marketChannel,
  marketOf,
  type ChannelKind,
  type Country,
  type MarketChannel,
  type Currency,
} from '@store/xendit';
import { invalidValueError, validationError } from './api-error.ts';

export type { ChannelKind };

// The simulator's view of the provider's channel table (packages/xendit/src/markets.ts): how each
// kind behaves here —
// - VIRTUAL_ACCOUNT, RETAIL_OUTLET, QR_CODE: REQUIRES_ACTION with a PRESENT_TO_CUSTOMER action, paid by
//   /simulate or the hosted pay page.
// - EWALLET_REDIRECT and ONLINE_BANKING: REQUIRES_ACTION with REDIRECT_CUSTOMER to the hosted
//   approval page.
// - EWALLET_PUSH (OVO): PENDING with no action; the customer approves in the wallet's app, so the
//   outcome arrives by webhook after a short delay.
// - DIRECT_DEBIT: REQUIRES_ACTION with API_POST_REQUEST VALIDATE_OTP and RESEND_OTP.
// - CARDS: settles at once, or REQUIRES_ACTION with REDIRECT_CUSTOMER to the 3DS page for 3DS cards.

export type Channel = {
  kind: ChannelKind;
  countries: readonly Country[];
  label: string;
  saveable: boolean;
} & Pick<MarketChannel, 'savedPaymentsRedirect' | 'qrWithNumber' | 'reusableCodeAwaitsAction'>;

/** A market's channel as the simulator serves it, with every market that lists its code. */
const channelView = (channel: MarketChannel, countries: readonly Country[]): Channel => ({
  kind: channel.kind,
  countries,
  label: channel.label,
  saveable: channel.saveable,
  savedPaymentsRedirect: channel.savedPaymentsRedirect,
  qrWithNumber: channel.qrWithNumber,
  reusableCodeAwaitsAction: channel.reusableCodeAwaitsAction,
});

/**
 * Every channel code with the markets that offer it (a code such as CARDS serves several), as the
 * first market lists it: its kind and label are the same everywhere, but whether it can be saved
 * is a market's (ShopeePay is saved in Indonesia, not in Thailand), so ask channelIn for that.
 */
export const CHANNELS: Readonly<Record<string, Channel>> = (() => {
  const countries: Record<string, Country[]> = {};
  const first: Record<string, MarketChannel> = {};
  for (const market of MARKETS) {
    for (const channel of market.channels) {
      (countries[channel.code] ??= []).push(market.country);
      first[channel.code] ??= channel;
    }
  }
  return Object.fromEntries(
    Object.entries(first).map(([code, channel]) => [
      code,
      channelView(channel, countries[code] ?? []),
    ]),
  );
})();

/** A channel as one market lists it, if that market offers it. */
export function channelIn(channelCode: string, country: string): Channel | undefined {
  const listed = marketChannel(country, channelCode);
  const known = CHANNELS[channelCode];
  return listed && known && channelView(listed, known.countries);
}

/**
 * The channel a call names, as the country's market lists it (its limits and whether it saves are
 * the market's), or 400 API_VALIDATION_ERROR on `paths.code` for a channel the provider does not
 * have and on `paths.country` for one not offered in the country: a payment request's
 * `channel_code`, a session's `allowed_payment_channels` alike.
 */
export function requireChannelIn(
  code: string,
  country: string,
  paths: { code: string; country: string } = { code: 'channel_code', country: 'country' },
): Channel {
  if (!CHANNELS[code]) {
    throw validationError([{ path: paths.code, message: `${code} is not a supported channel` }]);
  }
  const channel = channelIn(code, country);
  if (!channel) {
    throw validationError([
      { path: paths.country, message: `${code} is not available in ${country}` },
    ]);
  }
  return channel;
}

/**
 * The channels a customer of this country and currency can choose, in the market's order: in a
 * currency other than the market's, cards alone (as refuseCurrencyOutsideChannel allows).
 */
export function channelsOf(country: Country, currency: Currency): [string, Channel][] {
  const market = marketOf(country);
  if (!market) return [];
  return market.channels.flatMap((channel) => {
    const known = CHANNELS[channel.code];
    return known && takesCurrency(channel.code, market.currency, currency)
      ? [[channel.code, channelView(channel, known.countries)] as [string, Channel]]
      : [];
  });
}

/**
 * "Currently authorization and capture flow is only available for Cards payment"
 * (https://docs.xendit.co/docs/authorize-and-capture-1): capture_method MANUAL on another channel
 * is refused, as any invalid field is.
 */
export function refuseManualCaptureOutsideCards(
  kind: ChannelKind,
  captureMethod: string | null | undefined,
  path = 'capture_method',
) {
  if (captureMethod === 'MANUAL' && kind !== 'CARDS') {
    throw validationError([
      { path, message: 'capture_method MANUAL (authorise, then capture) is for cards only' },
    ]);
  }
}

export const isEwallet = (kind: ChannelKind) =>
  kind === 'EWALLET_REDIRECT' || kind === 'EWALLET_PUSH';
/** Channels approved on a hosted page the customer is redirected to. */
export const isRedirect = (kind: ChannelKind) =>
  kind === 'EWALLET_REDIRECT' || kind === 'ONLINE_BANKING';
export const isPresentToCustomer = (kind: ChannelKind) =>
  kind === 'VIRTUAL_ACCOUNT' || kind === 'RETAIL_OUTLET' || kind === 'QR_CODE';
/** Channels that can become a payment token (saved method) in the market they were taken from. */
export const isSaveable = (channel: Channel) => channel.saveable;

/** Whether a channel of a market takes a currency: its market's, or any for cards (below). */
const takesCurrency = (channelCode: string, marketCurrency: string, currency: string) =>
  marketCurrency === currency || channelCode === 'CARDS';

/**
 * Refuses a currency the channel does not take in the country's market: every channel but cards
 * takes its market's currency alone (the provider's channel pages give each one currency). Cards
 * are left out: the currencies a merchant can charge them in depend on its acquirer and on card
 * multi-currency processing, PHP and USD in the Philippines without either
 * (https://docs.xendit.co/credit-cards/supported-currencies/).
 *
 * INVALID_VALUE_ERROR (the description's Payments_API_Http400InvalidValueError, in the 400 of
 * both POST /v3/payment_requests and POST /v3/payment_tokens), not API_VALIDATION_ERROR: the
 * currency is one the specification allows, which the channel does not take. The provider's own
 * error list for /payment_requests (https://docs.xendit.co/docs/id/error-scenarios) draws the same
 * line: INVALID_VALUE_ERROR for a well-formed value the payment channel does not allow,
 * API_VALIDATION_ERROR for a request that does not follow the specification.
 */
export function refuseCurrencyOutsideChannel(
  channelCode: string,
  country: string,
  currency: string,
) {
  const market = marketOf(country);
  if (!market || takesCurrency(channelCode, market.currency, currency)) return;
  throw invalidValueError([
    {
      path: 'currency',
      message: `${channelCode} in ${country} takes ${market.currency}, not ${currency}`,
    },
  ]);
}

/** The amounts a channel takes in the market of this currency (major units), as documented. */
export function amountLimits(
  channelCode: string,
  country: string,
): { min: number; max: number } | undefined {
  const channel = marketChannel(country, channelCode);
  return channel && { min: channel.min, max: channel.max };
}

/** Whether a channel's documented limits take this amount (major units); any, when none is known. */
export function takesAmount(channelCode: string, country: string, amount: number): boolean {
  const limits = amountLimits(channelCode, country);
  return !limits || (amount >= limits.min && amount <= limits.max);
}
