import type { Country, Currency } from './wire/common.ts';

// The markets the provider serves and the channels it lists for each in its payment-channels
// reference for Payments v3: one table read by the simulator (how a channel behaves, what it
// takes) and by the store's provider adapter (what it offers each app). A channel's limits and
// required properties are the provider's, cited beside it.

/**
 * How a channel is paid:
 * - VIRTUAL_ACCOUNT, RETAIL_OUTLET, QR_CODE: a code presented to the customer, paid away from the
 *   store (PRESENT_TO_CUSTOMER).
 * - EWALLET_REDIRECT: approved on the wallet's page (REDIRECT_CUSTOMER).
 * - EWALLET_PUSH: approved in the wallet's app after a push notification, no action.
 * - ONLINE_BANKING: approved on the bank's page (FPX, Thai mobile banking), as a redirect.
 * - DIRECT_DEBIT: debited from a linked bank account after an OTP.
 * - CARDS: card details, with 3DS where the card asks for it.
 */
export type ChannelKind =
  | 'VIRTUAL_ACCOUNT'
  | 'RETAIL_OUTLET'
  | 'QR_CODE'
  | 'EWALLET_REDIRECT'
  | 'EWALLET_PUSH'
  | 'ONLINE_BANKING'
  | 'DIRECT_DEBIT'
  | 'CARDS';

/** A channel property the provider requires when paying with the channel. */
export type RequiredChannelProperty = 'mobile_number';

export interface MarketChannel {
  code: string;
  kind: ChannelKind;
  /** The provider's display name, shown on its hosted pages. */
  label: string;
  /** The name the store shows customers. */
  name: string;
  /** Amount limits in major units, as the provider documents them for this market. */
  min: number;
  max: number;
  /** Whether the channel can become a payment token (a saved method). */
  saveable: boolean;
  requiredProperties?: readonly RequiredChannelProperty[];
  /** A payment with a saved method still asks the customer to approve it on the wallet's page. */
  savedPaymentsRedirect?: boolean;
  /** A virtual account presented with a QR string of it as well (VietQR). */
  qrWithNumber?: boolean;
  /** A reusable code waits in REQUIRES_ACTION rather than ACCEPTING_PAYMENTS. */
  reusableCodeAwaitsAction?: boolean;
}

export interface Market {
  country: Country;
  currency: Currency;
  /** Decimal places of the currency as the provider charges it: IDR and VND are whole. */
  minorUnits: number;
  /** How the market writes numbers, for the provider's hosted pages. */
  locale: string;
  /** The E.164 calling code of the market's mobile numbers, without the plus. */
  callingCode: string;
  channels: readonly MarketChannel[];
}

const mobile = ['mobile_number'] as const;

/** Cards take any amount the issuer allows; the provider publishes no channel ceiling for them. */
const cards = (min: number): MarketChannel => ({
  code: 'CARDS',
  kind: 'CARDS',
  label: 'Card',
  name: 'Credit / Debit Card',
  min,
  max: 999_999_999_999,
  saveable: true,
});

/** A present-to-customer code, never saveable. */
const code = (
  kind: 'VIRTUAL_ACCOUNT' | 'RETAIL_OUTLET' | 'QR_CODE',
  channelCode: string,
  label: string,
  name: string,
  min: number,
  max: number,
): MarketChannel => ({ code: channelCode, kind, label, name, min, max, saveable: false });

/** An online-banking redirect (FPX, Thai mobile banking): paid on the bank's page, never saved. */
const bank = (channelCode: string, label: string, min: number, max: number): MarketChannel => ({
  code: channelCode,
  kind: 'ONLINE_BANKING',
  label,
  name: label,
  min,
  max,
  saveable: false,
});

/** An e-wallet approved on the wallet's page. */
const wallet = (
  channelCode: string,
  label: string,
  min: number,
  max: number,
  saveable: boolean,
): MarketChannel => ({
  code: channelCode,
  kind: 'EWALLET_REDIRECT',
  label,
  name: label,
  min,
  max,
  saveable,
});

/** A direct debit of a linked bank account: saveable, confirmed with the customer's mobile number. */
const debit = (channelCode: string, label: string, min: number, max: number): MarketChannel => ({
  code: channelCode,
  kind: 'DIRECT_DEBIT',
  label,
  name: label,
  min,
  max,
  saveable: true,
  requiredProperties: mobile,
});

// The provider's payment-channels overview, https://docs.xendit.co/docs/available-payment-channels.md
// (updated 2026-07-08), lists each market's Payments v3 channels with code, currency, limits,
// approval flow and whether it saves; "the overview" below is that page.

// Virtual accounts: https://docs.xendit.co/xenpayments/virtual-account/rules-and-limitations
// (the highest ceiling, IDR 999,999,999,999). E-wallets: IDR 100 to 20,000,000 (a premium
// account's) and PHP 1 to 100,000 (https://docs.xendit.co/ewallet/rules-and-limitation).
const indonesia: Market = {
  country: 'ID',
  currency: 'IDR',
  minorUnits: 0,
  // Indonesian groups thousands with dots ("Rp10.000"), as the provider's own components write
  // IDR: https://github.com/xendit/xendit-components-web (sdk/src/__snapshots__/amount-format.test.ts.snap).
  locale: 'id-ID',
  callingCode: '62',
  channels: [
    cards(1),
    code(
      'VIRTUAL_ACCOUNT',
      'BCA_VIRTUAL_ACCOUNT',
      'BCA',
      'BCA Virtual Account',
      1,
      999_999_999_999,
    ),
    code(
      'VIRTUAL_ACCOUNT',
      'BNI_VIRTUAL_ACCOUNT',
      'BNI',
      'BNI Virtual Account',
      1,
      999_999_999_999,
    ),
    code(
      'VIRTUAL_ACCOUNT',
      'BRI_VIRTUAL_ACCOUNT',
      'BRI',
      'BRI Virtual Account',
      1,
      999_999_999_999,
    ),
    code(
      'VIRTUAL_ACCOUNT',
      'MANDIRI_VIRTUAL_ACCOUNT',
      'Mandiri',
      'Mandiri Virtual Account',
      1,
      999_999_999_999,
    ),
    code(
      'VIRTUAL_ACCOUNT',
      'PERMATA_VIRTUAL_ACCOUNT',
      'Permata',
      'Permata Virtual Account',
      1,
      999_999_999_999,
    ),
    {
      code: 'OVO',
      kind: 'EWALLET_PUSH',
      label: 'OVO',
      name: 'OVO',
      min: 100,
      max: 20_000_000,
      saveable: true,
      requiredProperties: mobile,
    },
    {
      code: 'DANA',
      kind: 'EWALLET_REDIRECT',
      label: 'DANA',
      name: 'DANA',
      min: 100,
      max: 20_000_000,
      saveable: true,
    },
    {
      code: 'SHOPEEPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'ShopeePay',
      name: 'ShopeePay',
      min: 100,
      max: 20_000_000,
      saveable: true,
    },
    code('RETAIL_OUTLET', 'ALFAMART', 'Alfamart', 'Alfamart', 1, 999_999_999_999),
    code('RETAIL_OUTLET', 'INDOMARET', 'Indomaret', 'Indomaret', 1, 999_999_999_999),
    code('QR_CODE', 'QRIS', 'QRIS', 'QRIS', 1, 999_999_999_999),
    {
      code: 'BRI_DIRECT_DEBIT',
      kind: 'DIRECT_DEBIT',
      label: 'BRI Direct Debit',
      name: 'BRI Direct Debit',
      min: 1,
      max: 999_999_999_999,
      saveable: true,
      requiredProperties: mobile,
    },
    // The overview's ID table: more banks' virtual accounts, IDR 1 to 50,000,000,000 (CIMB's to
    // 50,000,000; BJB's to 2,000,000,000)...
    ...(
      [
        ['BJB_VIRTUAL_ACCOUNT', 'BJB', 2_000_000_000],
        ['BNC_VIRTUAL_ACCOUNT', 'BNC', 50_000_000_000],
        ['BSI_VIRTUAL_ACCOUNT', 'BSI', 50_000_000_000],
        ['BSS_VIRTUAL_ACCOUNT', 'BSS', 50_000_000_000],
        ['CIMB_VIRTUAL_ACCOUNT', 'CIMB Niaga', 50_000_000],
        ['HANA_VIRTUAL_ACCOUNT', 'Hana Bank', 50_000_000_000],
        ['MUAMALAT_VIRTUAL_ACCOUNT', 'Muamalat', 50_000_000_000],
      ] as const
    ).map(([channelCode, label, max]) =>
      code('VIRTUAL_ACCOUNT', channelCode, label, `${label} Virtual Account`, 1, max),
    ),
    // ...and e-wallets approved on the wallet's page: GoPay (IDR 1 to 50,000,000, saveable, and
    // its recurring variant), AstraPay (100 to 20,000,000), Jenius Pay (1,000 to 20,000,000),
    // LinkAja (1 to 20,000,000) and Nex Cash (1 to 20,000,000, saveable).
    wallet('GOPAY', 'GoPay', 1, 50_000_000, true),
    wallet('GOPAY_RECURRING', 'GoPay Recurring', 1, 50_000_000, true),
    wallet('ASTRAPAY', 'AstraPay', 100, 20_000_000, false),
    wallet('JENIUSPAY', 'Jenius Pay', 1_000, 20_000_000, false),
    wallet('LINKAJA', 'LinkAja', 1, 20_000_000, false),
    wallet('NEXCASH', 'Nex Cash', 1, 20_000_000, true),
  ],
};

// GrabPay PHP 1 to 100,000: https://docs.xendit.co/docs/grabpay.md; the other e-wallets share the
// upgraded account's ceiling (https://docs.xendit.co/ewallet/rules-and-limitation).
const philippines: Market = {
  country: 'PH',
  currency: 'PHP',
  minorUnits: 2,
  locale: 'en-PH',
  callingCode: '63',
  channels: [
    cards(1),
    ...(
      [
        ['GCASH', 'GCash'],
        ['PAYMAYA', 'Maya'],
        ['GRABPAY', 'GrabPay'],
        ['SHOPEEPAY', 'ShopeePay'],
      ] as const
    ).map(([channelCode, label]): MarketChannel => ({
      code: channelCode,
      kind: 'EWALLET_REDIRECT',
      label,
      name: label,
      min: 1,
      max: 100_000,
      saveable: true,
    })),
    {
      code: 'BPI_DIRECT_DEBIT',
      kind: 'DIRECT_DEBIT',
      label: 'BPI Direct Debit',
      name: 'BPI Direct Debit',
      min: 1,
      max: 999_999_999_999,
      saveable: true,
      requiredProperties: mobile,
    },
    code('RETAIL_OUTLET', '7ELEVEN', '7-Eleven', '7-Eleven', 1, 999_999_999_999),
    // The overview's PH table. Direct debits of linked accounts, saveable (the overview's
    // approval flow for them is REDIRECT; the simulator confirms them with an OTP, as it does
    // BPI's): Chinabank and RCBC PHP 1 to 50,000, UnionBank 1 to 100,000, and the recurring
    // BPI and UnionBank EADA links (1 to 500,000 and 1 to 100,000).
    debit('CHINABANK_DIRECT_DEBIT', 'Chinabank Direct Debit', 1, 50_000),
    debit('RCBC_DIRECT_DEBIT', 'RCBC Direct Debit', 1, 50_000),
    debit('UBP_DIRECT_DEBIT', 'UnionBank Direct Debit', 1, 100_000),
    debit('BPI_RECURRING', 'BPI Recurring', 1, 500_000),
    debit('UBP_EADA', 'UnionBank EADA', 1, 100_000),
    // Online banking, approved on the bank's page, never saved.
    bank('BDO_ONLINE_BANKING', 'BDO Online Banking', 1, 2_000_000),
    bank('BOC_ONLINE_BANKING', 'Bank of Commerce Online Banking', 10, 1_000_000),
    bank('BPI_ONLINE_BANKING', 'BPI Online Banking', 1, 250_000),
    bank('CHINABANK_ONLINE_BANKING', 'Chinabank Online Banking', 1, 1_000_000),
    bank('INSTAPAY_ONLINE_BANKING', 'InstaPay Online Banking', 1, 35_000),
    bank('LANDBANK_ONLINE_BANKING', 'Landbank Online Banking', 1, 250_000),
    bank('MAYBANK_ONLINE_BANKING', 'Maybank Online Banking', 1, 1_000_000),
    bank('METROBANK_ONLINE_BANKING', 'Metrobank Online Banking', 1, 2_000_000),
    // PESONet carries large transfers only: from PHP 50,000.01.
    bank('PESONET_ONLINE_BANKING', 'PESONet Online Banking', 50_000.01, 20_000_000),
    bank('PNB_ONLINE_BANKING', 'PNB Online Banking', 1, 1_000_000),
    bank('PSBANK_ONLINE_BANKING', 'PSBank Online Banking', 10, 25_000),
    bank('RCBC_ONLINE_BANKING', 'RCBC Online Banking', 500, 1_000_000),
    bank('ROBINSONS_BANK_ONLINE_BANKING', 'Robinsons Bank Online Banking', 10, 1_000_000),
    bank('SECURITY_BANK_ONLINE_BANKING', 'Security Bank Online Banking', 1, 500_000),
    bank('UNIONBANK_ONLINE_BANKING', 'UnionBank Online Banking', 1, 100_000),
    // A bank transfer to a reusable account number (PHP 1 to 200,000,000), and QR Ph (1 to 50,000).
    code('VIRTUAL_ACCOUNT', 'BANK_TRANSFER', 'Bank Transfer', 'Bank Transfer', 1, 200_000_000),
    code('QR_CODE', 'QRPH', 'QR Ph', 'QR Ph', 1, 50_000),
    // Over-the-counter payment centres, a code paid at the counter.
    ...(
      [
        ['7ELEVEN_CLIQQ', '7-Eleven CLiQQ', 50, 50_000],
        ['CEBUANA', 'Cebuana Lhuillier', 50, 30_000],
        ['CVM', 'CVM Pawnshop', 50, 30_000],
        ['ECPAY', 'ECPay', 1, 50_000],
        ['ECPAY_DRAGONLOAN', 'ECPay DragonLoan', 50, 20_000],
        ['ECPAY_SCHOOL', 'ECPay School', 50, 50_000],
        ['LBC', 'LBC', 50, 200_000],
        ['MLHUILLIER', 'M Lhuillier', 50, 200_000],
        ['PALAWAN', 'Palawan Express', 50, 20_000],
        ['RD_PAWNSHOP', 'RD Pawnshop', 50, 20_000],
        ['ROBINSONS_BILLS_PAYMENT', 'Robinsons Bills Payment', 50, 200_000],
        ['SM_BILLS_PAYMENT', 'SM Bills Payment', 50, 200_000],
        ['USSC', 'USSC', 50, 20_000],
      ] as const
    ).map(([channelCode, label, min, max]) =>
      code('RETAIL_OUTLET', channelCode, label, label, min, max),
    ),
  ],
};

/** The banks of Malaysia's FPX channels, by the code their channels begin with. */
const fpxBanks = {
  AFFIN: 'Affin Bank',
  AGRO: 'Agrobank',
  ALLIANCE: 'Alliance Bank',
  AMBANK: 'AmBank',
  BNP: 'BNP Paribas',
  BOC: 'Bank of China',
  BSN: 'BSN',
  CIMB: 'CIMB',
  CITIBANK: 'Citibank',
  DEUTSCHE: 'Deutsche Bank',
  HLB: 'Hong Leong Bank',
  HSBC: 'HSBC',
  ISLAM: 'Bank Islam',
  KFH: 'Kuwait Finance House',
  MAYB2E: 'Maybank2e',
  MUAMALAT: 'Bank Muamalat',
  OCBC: 'OCBC',
  PUBLIC: 'Public Bank',
  RAKYAT: 'Bank Rakyat',
  RHB: 'RHB',
  SCH: 'Standard Chartered',
  UOB: 'UOB',
} as const;

const malaysia: Market = {
  country: 'MY',
  currency: 'MYR',
  minorUnits: 2,
  locale: 'en-MY',
  callingCode: '60',
  channels: [
    cards(1),
    // https://docs.xendit.co/docs/online-banking.md: {Bank}_FPX, MYR, from MYR 1; FPX's retail
    // ceiling is MYR 30,000 a payment.
    bank('MAYB2U_FPX', 'Maybank2u FPX', 1, 30_000),
    bank('CIMB_FPX', 'CIMB FPX', 1, 30_000),
    bank('PUBLIC_FPX', 'Public Bank FPX', 1, 30_000),
    bank('RHB_FPX', 'RHB FPX', 1, 30_000),
    // The overview's MY table lists every FPX bank: retail accounts MYR 1 to 30,000 a payment...
    ...(
      [
        'AFFIN',
        'AGRO',
        'ALLIANCE',
        'AMBANK',
        'BOC',
        'BSN',
        'HLB',
        'HSBC',
        'ISLAM',
        'KFH',
        'MAYB2E',
        'MUAMALAT',
        'OCBC',
        'RAKYAT',
        'SCH',
        'UOB',
      ] as const
    ).map((bankCode) => bank(`${bankCode}_FPX`, `${fpxBanks[bankCode]} FPX`, 1, 30_000)),
    // ...and business (corporate) accounts, MYR 1 to 1,000,000.
    ...(
      [
        'AFFIN',
        'AGRO',
        'ALLIANCE',
        'AMBANK',
        'BNP',
        'CIMB',
        'CITIBANK',
        'DEUTSCHE',
        'HLB',
        'HSBC',
        'ISLAM',
        'KFH',
        'MAYB2E',
        'MUAMALAT',
        'OCBC',
        'PUBLIC',
        'RAKYAT',
        'RHB',
        'SCH',
        'UOB',
      ] as const
    ).map((bankCode) =>
      bank(`${bankCode}_FPX_BUSINESS`, `${fpxBanks[bankCode]} FPX Business`, 1, 1_000_000),
    ),
    // https://docs.xendit.co/docs/touch-n-go.md: MYR 1 to 25,000, saveable, approval flow
    // REDIRECT or SKIP; the description's own PAY_WithToken_TOUCHNGO example answers a saved
    // Touch 'n Go with REQUIRES_ACTION and a REDIRECT_CUSTOMER WEB_URL.
    {
      code: 'TOUCHNGO',
      kind: 'EWALLET_REDIRECT',
      label: "Touch 'n Go eWallet",
      name: "Touch 'n Go eWallet",
      min: 1,
      max: 25_000,
      saveable: true,
      savedPaymentsRedirect: true,
    },
    // https://docs.xendit.co/docs/payment-channel-page-pull-4.md: GrabPay MY, MYR 1 to 1,500.
    {
      code: 'GRABPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'GrabPay',
      name: 'GrabPay',
      min: 1,
      max: 1_500,
      saveable: true,
    },
    // https://docs.xendit.co/docs/my-shopeepay.md: SHOPEEPAY in MYR, 1 to 30,000, approval flow
    // REDIRECT or SKIP, saveable. The overview (docs.xendit.co/docs/available-payment-channels,
    // updated 2026-07-08) gives MYR 4,999 at most; the channel's own page is the later (2026-07-22).
    {
      code: 'SHOPEEPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'ShopeePay',
      name: 'ShopeePay',
      min: 1,
      max: 30_000,
      saveable: true,
    },
    // The overview's MY table: WECHATPAY in MYR, 1 to 4,999, redirect, not saveable.
    wallet('WECHATPAY', 'WeChat Pay', 1, 4_999, false),
    // https://docs.xendit.co/docs/ambank-virtual-account.md: MYR 1 to 10,000,000.
    code(
      'VIRTUAL_ACCOUNT',
      'AMBANK_VIRTUAL_ACCOUNT',
      'AmBank',
      'AmBank Virtual Account',
      1,
      10_000_000,
    ),
  ],
};

const thailand: Market = {
  country: 'TH',
  currency: 'THB',
  minorUnits: 2,
  locale: 'en-TH',
  callingCode: '66',
  channels: [
    cards(1),
    // https://docs.xendit.co/docs/qr-promptpay.md: THB 1 to 700,000. The published description
    // names the channel QRPROMPTPAY in its own example (PAY_QR_PromptPay).
    code('QR_CODE', 'QRPROMPTPAY', 'PromptPay', 'PromptPay QR', 1, 700_000),
    // https://docs.xendit.co/docs/mobile-banking.md, .../ktb-mobile-banking.md and
    // .../bbl-mobile-banking.md: THB 20 to 700,000, approved in the bank's app.
    bank('SCB_MOBILE_BANKING', 'SCB Mobile Banking', 20, 700_000),
    bank('KTB_MOBILE_BANKING', 'Krungthai Mobile Banking', 20, 700_000),
    bank('BBL_MOBILE_BANKING', 'Bangkok Bank Mobile Banking', 20, 700_000),
    // https://docs.xendit.co/docs/truemoney.md: THB 1 to 50,000, redirect, not saveable.
    {
      code: 'TRUEMONEY',
      kind: 'EWALLET_REDIRECT',
      label: 'TrueMoney Wallet',
      name: 'TrueMoney Wallet',
      min: 1,
      max: 50_000,
      saveable: false,
    },
    // https://docs.xendit.co/docs/line-pay-e-wallet.md: LINEPAY, THB 1 to 50,000, redirect, not
    // saveable.
    {
      code: 'LINEPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'LINE Pay',
      name: 'LINE Pay',
      min: 1,
      max: 50_000,
      saveable: false,
    },
    // https://docs.xendit.co/docs/shopeepay-1.md: SHOPEEPAY in THB, 1 to 200,000, redirect, not
    // saveable (unlike ShopeePay in Indonesia and the Philippines).
    {
      code: 'SHOPEEPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'ShopeePay',
      name: 'ShopeePay',
      min: 1,
      max: 200_000,
      saveable: false,
    },
    // https://docs.xendit.co/docs/scb-direct-debit.md: THB 20 to 700,000, saveable; the bank
    // checks the mobile number sent with the request.
    {
      code: 'SCB_DIRECT_DEBIT',
      kind: 'DIRECT_DEBIT',
      label: 'SCB Direct Debit',
      name: 'SCB Direct Debit',
      min: 20,
      max: 700_000,
      saveable: true,
      requiredProperties: mobile,
    },
    // The overview's TH table: the other banks' direct debits, like SCB's (THB 20 to 700,000,
    // saveable)...
    debit('BBL_DIRECT_DEBIT', 'Bangkok Bank Direct Debit', 20, 700_000),
    debit('KRUNGSRI_DIRECT_DEBIT', 'Krungsri Direct Debit', 20, 700_000),
    debit('KTB_DIRECT_DEBIT', 'Krungthai Direct Debit', 20, 700_000),
    // ...mobile banking of two more banks (THB 20 to 700,000)...
    bank('KBANK_MOBILE_BANKING', 'K PLUS Mobile Banking', 20, 700_000),
    bank('KRUNGSRI_MOBILE_BANKING', 'Krungsri Mobile Banking', 20, 700_000),
    // ...Standard Chartered's virtual account (THB 20 to 700,000) and WeChat Pay (THB 1 to
    // 70,000, redirect, not saveable).
    code(
      'VIRTUAL_ACCOUNT',
      'STANDARD_CHARTERED_VIRTUAL_ACCOUNT',
      'Standard Chartered',
      'Standard Chartered Virtual Account',
      20,
      700_000,
    ),
    wallet('WECHATPAY', 'WeChat Pay', 1, 70_000, false),
  ],
};

const vietnam: Market = {
  country: 'VN',
  currency: 'VND',
  minorUnits: 0,
  locale: 'vi-VN',
  callingCode: '84',
  channels: [
    cards(1),
    // The description's own example (REUSABLE_PAYMENT_CODE_VA_VietCapital): the account number with
    // its VietQR, the reusable code waiting in REQUIRES_ACTION. No ceiling is published for it, so
    // the highest virtual-account one.
    {
      ...code(
        'VIRTUAL_ACCOUNT',
        'VIETCAPITAL_VIRTUAL_ACCOUNT',
        'Viet Capital Bank',
        'Viet Capital Bank Virtual Account',
        1,
        999_999_999_999,
      ),
      qrWithNumber: true,
      reusableCodeAwaitsAction: true,
    },
    // https://docs.xendit.co/docs/zalopay-e-wallet.md: VND 1 to 50,000,000, redirect, not saveable.
    {
      code: 'ZALOPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'ZaloPay',
      name: 'ZaloPay',
      min: 1,
      max: 50_000_000,
      saveable: false,
    },
    // https://docs.xendit.co/docs/viettal-pay.md: VIETTELPAY (Viettel Money), VND 1 to 50,000,000,
    // redirect, not saveable.
    {
      code: 'VIETTELPAY',
      kind: 'EWALLET_REDIRECT',
      label: 'Viettel Pay',
      name: 'Viettel Money',
      min: 1,
      max: 50_000_000,
      saveable: false,
    },
    // https://docs.xendit.co/docs/vnpt-wallet.md: VNPTWALLET, VND 1,000 to 500,000,000, redirect,
    // not saveable.
    {
      code: 'VNPTWALLET',
      kind: 'EWALLET_REDIRECT',
      label: 'VNPT Wallet',
      name: 'VNPT Wallet',
      min: 1_000,
      max: 500_000_000,
      saveable: false,
    },
    // MoMo has no channel page of its own; the payment-channels overview
    // (https://docs.xendit.co/docs/available-payment-channels.md, its VN table) lists MOMO in VND,
    // 1 to 50,000,000, approval flow REDIRECT, not saveable.
    {
      code: 'MOMO',
      kind: 'EWALLET_REDIRECT',
      label: 'MoMo',
      name: 'MoMo',
      min: 1,
      max: 50_000_000,
      saveable: false,
    },
    // https://docs.xendit.co/docs/appota-wallet.md: APPOTA, VND 1,000 to 500,000,000, redirect, not
    // saveable. The overview (two weeks older) says 1 to 50,000,000; the channel page is later.
    wallet('APPOTA', 'Appota', 1_000, 500_000_000, false),
    // The overview's VN table: SHOPEEPAY in VND, 1 to 50,000,000, redirect, not saveable...
    wallet('SHOPEEPAY', 'ShopeePay', 1, 50_000_000, false),
    // ...and more banks' virtual accounts, VND 10,000 to 499,999,999.
    ...(
      [
        ['BIDV_VIRTUAL_ACCOUNT', 'BIDV'],
        ['MSB_VIRTUAL_ACCOUNT', 'MSB'],
        ['PV_VIRTUAL_ACCOUNT', 'PVcomBank'],
        ['VPB_VIRTUAL_ACCOUNT', 'VPBank'],
        ['WOORI_VIRTUAL_ACCOUNT', 'Woori Bank'],
      ] as const
    ).map(([channelCode, label]) =>
      code('VIRTUAL_ACCOUNT', channelCode, label, `${label} Virtual Account`, 10_000, 499_999_999),
    ),
  ],
};

const singapore: Market = {
  country: 'SG',
  currency: 'SGD',
  minorUnits: 2,
  locale: 'en-SG',
  callingCode: '65',
  channels: [
    cards(1),
    // https://docs.xendit.co/docs/paynow-qr.md: channel SGQR, SGD 0.01 to 200,000.
    code('QR_CODE', 'SGQR', 'PayNow QR', 'PayNow QR', 0.01, 200_000),
  ],
};

/** Markets where the provider takes cards only, as the description's country enum lists them. */
const cardsOnly = (country: Country, currency: Currency, locale: string, callingCode: string) =>
  ({ country, currency, minorUnits: 2, locale, callingCode, channels: [cards(1)] }) as Market;

export const MARKETS: readonly Market[] = [
  indonesia,
  philippines,
  malaysia,
  thailand,
  vietnam,
  singapore,
  cardsOnly('HK', 'HKD', 'en-HK', '852'),
  cardsOnly('MX', 'MXN', 'es-MX', '52'),
];

/** The market of a country, if the provider serves it. */
export const marketOf = (country: string): Market | undefined =>
  MARKETS.find((market) => market.country === country);

/** The market that pays in a currency, if any. */
export const marketOfCurrency = (currency: string): Market | undefined =>
  MARKETS.find((market) => market.currency === currency);

/** A channel of a market, by code. */
export const marketChannel = (country: string, channelCode: string): MarketChannel | undefined =>
  marketOf(country)?.channels.find((channel) => channel.code === channelCode);

/** Whether an amount in major units has more decimals than the currency's minor unit allows. */
export function hasExcessDecimals(amount: number, minorUnits: number): boolean {
  const scaled = amount * 10 ** minorUnits;
  // Scaling is not exact in binary floating point: only a difference beyond its error counts.
  return (
    Math.abs(scaled - Math.round(scaled)) > Math.max(1e-9, Math.abs(scaled) * 8 * Number.EPSILON)
  );
}
