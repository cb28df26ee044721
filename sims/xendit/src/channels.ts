import type { Country, Currency } from '@store/xendit';

/**
 * How each channel behaves in the simulator:
 * - VIRTUAL_ACCOUNT, RETAIL_OUTLET, QR_CODE: REQUIRES_ACTION with a PRESENT_TO_CUSTOMER action, paid by
 *   /simulate or the hosted pay page.
 * - EWALLET_REDIRECT: REQUIRES_ACTION with REDIRECT_CUSTOMER to the hosted approval page.
 * - EWALLET_PUSH (OVO): PENDING with no action; the customer approves in the wallet's app, so the
 *   outcome arrives by webhook after a short delay.
 * - DIRECT_DEBIT: REQUIRES_ACTION with API_POST_REQUEST VALIDATE_OTP and RESEND_OTP.
 * - CARDS: settles at once, or REQUIRES_ACTION with REDIRECT_CUSTOMER to the 3DS page for 3DS cards.
 */
export type ChannelKind =
  | 'VIRTUAL_ACCOUNT'
  | 'RETAIL_OUTLET'
  | 'QR_CODE'
  | 'EWALLET_REDIRECT'
  | 'EWALLET_PUSH'
  | 'DIRECT_DEBIT'
  | 'CARDS';

export type Channel = { kind: ChannelKind; countries: readonly Country[]; label: string };

export const CHANNELS: Readonly<Record<string, Channel>> = {
  BCA_VIRTUAL_ACCOUNT: { kind: 'VIRTUAL_ACCOUNT', countries: ['ID'], label: 'BCA' },
  BNI_VIRTUAL_ACCOUNT: { kind: 'VIRTUAL_ACCOUNT', countries: ['ID'], label: 'BNI' },
  BRI_VIRTUAL_ACCOUNT: { kind: 'VIRTUAL_ACCOUNT', countries: ['ID'], label: 'BRI' },
  MANDIRI_VIRTUAL_ACCOUNT: { kind: 'VIRTUAL_ACCOUNT', countries: ['ID'], label: 'Mandiri' },
  PERMATA_VIRTUAL_ACCOUNT: { kind: 'VIRTUAL_ACCOUNT', countries: ['ID'], label: 'Permata' },
  ALFAMART: { kind: 'RETAIL_OUTLET', countries: ['ID'], label: 'Alfamart' },
  INDOMARET: { kind: 'RETAIL_OUTLET', countries: ['ID'], label: 'Indomaret' },
  '7ELEVEN': { kind: 'RETAIL_OUTLET', countries: ['PH'], label: '7-Eleven' },
  QRIS: { kind: 'QR_CODE', countries: ['ID'], label: 'QRIS' },
  OVO: { kind: 'EWALLET_PUSH', countries: ['ID'], label: 'OVO' },
  DANA: { kind: 'EWALLET_REDIRECT', countries: ['ID'], label: 'DANA' },
  SHOPEEPAY: { kind: 'EWALLET_REDIRECT', countries: ['ID', 'PH'], label: 'ShopeePay' },
  GCASH: { kind: 'EWALLET_REDIRECT', countries: ['PH'], label: 'GCash' },
  PAYMAYA: { kind: 'EWALLET_REDIRECT', countries: ['PH'], label: 'Maya' },
  GRABPAY: { kind: 'EWALLET_REDIRECT', countries: ['PH'], label: 'GrabPay' },
  // The description's own examples: PAY_WithToken_TOUCHNGO (MY, MYR), PAY_QR_PromptPay (TH, THB),
  // REUSABLE_PAYMENT_CODE_VA_VietCapital (VN, VND).
  TOUCHNGO: { kind: 'EWALLET_REDIRECT', countries: ['MY'], label: "Touch 'n Go eWallet" },
  QRPROMPTPAY: { kind: 'QR_CODE', countries: ['TH'], label: 'PromptPay' },
  VIETCAPITAL_VIRTUAL_ACCOUNT: {
    kind: 'VIRTUAL_ACCOUNT',
    countries: ['VN'],
    label: 'Viet Capital Bank',
  },
  BRI_DIRECT_DEBIT: { kind: 'DIRECT_DEBIT', countries: ['ID'], label: 'BRI Direct Debit' },
  BPI_DIRECT_DEBIT: { kind: 'DIRECT_DEBIT', countries: ['PH'], label: 'BPI Direct Debit' },
  CARDS: {
    kind: 'CARDS',
    countries: ['ID', 'PH', 'VN', 'TH', 'SG', 'MY', 'HK', 'MX'],
    label: 'Card',
  },
};

/** The currency each market pays in (the description's country and currency enums, paired). */
export const MARKET_CURRENCY: Readonly<Partial<Record<Country, Currency>>> = {
  ID: 'IDR',
  PH: 'PHP',
  VN: 'VND',
  TH: 'THB',
  SG: 'SGD',
  MY: 'MYR',
  HK: 'HKD',
  MX: 'MXN',
};

/** The channels a customer of this country and currency can choose, in the order listed above. */
export function channelsOf(country: Country, currency: Currency): [string, Channel][] {
  if (MARKET_CURRENCY[country] !== currency) return [];
  return Object.entries(CHANNELS).filter(([, channel]) => channel.countries.includes(country));
}

export const isEwallet = (kind: ChannelKind) =>
  kind === 'EWALLET_REDIRECT' || kind === 'EWALLET_PUSH';
export const isPresentToCustomer = (kind: ChannelKind) =>
  kind === 'VIRTUAL_ACCOUNT' || kind === 'RETAIL_OUTLET' || kind === 'QR_CODE';
/** Channels that can become a payment token (saved method). */
export const isSaveable = (kind: ChannelKind) =>
  isEwallet(kind) || kind === 'DIRECT_DEBIT' || kind === 'CARDS';

/**
 * The amounts a channel takes, as the provider documents them: e-wallets IDR 100 to 20,000,000
 * (a premium account's ceiling) and PHP 1 to 100,000 (an upgraded account's)
 * (https://docs.xendit.co/ewallet/rules-and-limitation); anything else up to IDR 999,999,999,999,
 * the highest virtual-account ceiling (https://docs.xendit.co/xenpayments/virtual-account/rules-and-limitations).
 */
export function amountLimits(kind: ChannelKind, currency: string): { min: number; max: number } {
  if (isEwallet(kind) && currency === 'PHP') return { min: 1, max: 100_000 };
  if (isEwallet(kind) && currency === 'IDR') return { min: 100, max: 20_000_000 };
  return { min: 1, max: 999_999_999_999 };
}
