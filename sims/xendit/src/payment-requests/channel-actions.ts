import {
  EWALLET_FAILING_AMOUNTS,
  type Action,
  type CardDetails,
  type CreatePaymentRequestBody,
  type PaymentRequestStatus,
  type PaymentToken,
  type ShownChannelProperties,
} from '@store/xendit';
import { validationError } from '../api-error.ts';
import {
  authorisationOutcome,
  cardOutcome,
  checkCard,
  type Challenge,
  type Outcome,
} from '../cards.ts';
import { isEwallet, isPresentToCustomer, isRedirect, type Channel } from '../channels.ts';
import { randomDigits } from '../ids.ts';
import { otpActions } from '../payment-tokens/service.ts';
import type { SimContext } from '../sim-context.ts';
import { requestedAmount } from './stored.ts';

// What a new payment request asks of the customer, channel by channel: a code to pay away from the
// store, a redirect (e-wallet, 3DS), an OTP, nothing while a push approval awaits, or an outcome at
// once for saved methods and cards without 3DS.

/** How long a virtual account, retail code or QR code stays payable when the merchant sets no expires_at. */
const CODE_LIFETIME_MS = 24 * 3600 * 1000;

/**
 * How long an e-wallet's page waits for its customer before the payment request expires, as the
 * provider's e-wallet rules give them (docs.xendit.co/ewallet/rules-and-limitation: DANA and
 * ShopeePay links 30 minutes, LinkAja 5, AstraPay 15); 30 minutes for the wallets it names no
 * time for (a choice).
 */
const WALLET_PAGE_LIFETIME_MS: Readonly<Record<string, number>> = {
  LINKAJA: 5 * 60 * 1000,
  ASTRAPAY: 15 * 60 * 1000,
};
const DEFAULT_WALLET_PAGE_LIFETIME_MS = 30 * 60 * 1000;

/** Where a new payment request starts. */
export type FirstStep = {
  status: PaymentRequestStatus;
  actions: Action[];
  /** Settled in this same call (cards without 3DS, payments with a saved e-wallet or card). */
  immediate?: Outcome;
  /** Settled later by the worker (OVO push approval, amount 20105). */
  later?: Outcome | 'decide-later';
  /** What the 3DS page offers the card, when it must go there. */
  challenge?: Challenge;
  /** When an e-wallet's page left unanswered ends the request, EXPIRED (ms from now). */
  expiresInMs?: number;
};

function presentAction(channel: Channel, channelCode: string): Action {
  if (channel.kind === 'VIRTUAL_ACCOUNT') {
    return {
      type: 'PRESENT_TO_CUSTOMER',
      descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
      value: `8808${randomDigits(12)}`,
    };
  }
  if (channel.kind === 'RETAIL_OUTLET') {
    return {
      type: 'PRESENT_TO_CUSTOMER',
      descriptor: 'PAYMENT_CODE',
      value: `${channelCode.slice(0, 4).toUpperCase()}${randomDigits(10)}`,
    };
  }
  // An EMV QR string of the channel's scheme: Thai PromptPay, Singapore PayNow, else Indonesian QRIS.
  const value =
    channelCode === 'QRPROMPTPAY'
      ? `00020101021230370016A000000677010112011300${randomDigits(11)}5303764540${randomDigits(2)}5802TH6304${randomDigits(4)}`
      : channelCode === 'SGQR'
        ? `00020101021226370009SG.PAYNOW010120213${randomDigits(9)}XEN5303702540${randomDigits(2)}5802SG6304${randomDigits(4)}`
        : `00020101021226660014ID.CO.QRIS.WWW0215ID${randomDigits(13)}5204549953033605802ID6304${randomDigits(4)}`;
  return { type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING', value };
}

/** An EMV QR field: its tag, its length in two digits, its value. */
const tlv = (tag: string, value: string) =>
  `${tag}${String(value.length).padStart(2, '0')}${value}`;

/**
 * The VietQR of a Vietnamese virtual account, as the description's VietCapital example shows it:
 * NAPAS's EMV string naming the bank (BIN 970454) and the account number.
 */
function vietQrAction(accountNumber: string): Action {
  const account = tlv('00', '970454') + tlv('01', accountNumber);
  const napas = tlv('00', 'A000000727') + tlv('01', account) + tlv('02', 'QRIBFTTA');
  return {
    type: 'PRESENT_TO_CUSTOMER',
    descriptor: 'QR_STRING',
    value: `${tlv('00', '01')}${tlv('01', '12')}${tlv('38', napas)}${tlv('53', '704')}${tlv('58', 'VN')}6304${randomDigits(4)}`,
  };
}

/**
 * BPI answers with one API_POST_REQUEST DEBIT_ACCOUNT action, as the description's own example of
 * the channel does; its value is where the OTP goes. Other direct debits name VALIDATE_OTP and
 * RESEND_OTP.
 */
function directDebitActions(ctx: SimContext, channelCode: string, id: string): Action[] {
  if (channelCode !== 'BPI_DIRECT_DEBIT') return otpActions(ctx, 'payment_requests', id);
  return [
    {
      type: 'API_POST_REQUEST',
      descriptor: 'DEBIT_ACCOUNT',
      value: `${ctx.publicUrl}/v3/payment_requests/${id}/validate_otp`,
    },
  ];
}

/**
 * The first step of payment request `id` on its channel. Completes `channelProperties` with what
 * the channel adds to what the merchant sent (a code's deadline, a virtual account's display name,
 * the masked card), since the request shows them.
 */
export function firstStep(
  ctx: SimContext,
  id: string,
  body: CreatePaymentRequestBody,
  { channel, channelCode, token }: { channel: Channel; channelCode: string; token?: PaymentToken },
  channelProperties: ShownChannelProperties,
  card: CardDetails | undefined,
): FirstStep {
  let status: PaymentRequestStatus = 'REQUIRES_ACTION';
  let actions: Action[] = [];
  let immediate: Outcome | undefined;
  let later: Outcome | 'decide-later' | undefined;
  let challenge: Challenge | undefined;
  let expiresInMs: number | undefined;

  if (isPresentToCustomer(channel.kind)) {
    status =
      body.type === 'REUSABLE_PAYMENT_CODE' && !channel.reusableCodeAwaitsAction
        ? 'ACCEPTING_PAYMENTS'
        : 'REQUIRES_ACTION';
    actions = [presentAction(channel, channelCode)];
    if (channel.qrWithNumber) actions.push(vietQrAction(actions[0]?.value ?? ''));
    // Every code paid away from the store (bank, counter, QR) has a deadline, and the request
    // expires with payment_request.expiry when it passes. The merchant may set it; else a day (choice).
    channelProperties.expires_at ??= new Date(Date.now() + CODE_LIFETIME_MS).toISOString();
    if (channel.kind === 'VIRTUAL_ACCOUNT') channelProperties.display_name ??= 'Simulated Merchant';
  } else if (isEwallet(channel.kind) || isRedirect(channel.kind)) {
    const failureCode =
      body.request_amount === undefined ? undefined : EWALLET_FAILING_AMOUNTS[body.request_amount];
    const failsLater: Outcome | undefined = failureCode
      ? { status: 'FAILED', failureCode }
      : undefined;
    // A saved wallet pays at once, unless the channel asks its customer each time (Touch 'n Go).
    if ((token && !channel.savedPaymentsRedirect) || channel.kind === 'EWALLET_PUSH') {
      // The published statuses have no PENDING for a payment request: a push approval or a saved
      // wallet awaits the customer in REQUIRES_ACTION, with no action for the merchant.
      if (failsLater) later = failsLater;
      else if (token) immediate = authorisationOutcome(requestedAmount(body));
      else later = 'decide-later';
    } else {
      if (!token && !channelProperties.success_return_url) {
        throw validationError([
          { path: 'channel_properties.success_return_url', message: 'is required for e-wallets' },
        ]);
      }
      actions = [
        {
          type: 'REDIRECT_CUSTOMER',
          descriptor: 'WEB_URL',
          value: `${ctx.publicUrl}/pages/ewallet/${id}`,
        },
      ];
      if (failsLater) later = failsLater;
      else if (channel.kind === 'EWALLET_REDIRECT') {
        expiresInMs = WALLET_PAGE_LIFETIME_MS[channelCode] ?? DEFAULT_WALLET_PAGE_LIFETIME_MS;
      }
    }
  } else if (channel.kind === 'DIRECT_DEBIT') {
    actions = directDebitActions(ctx, channelCode, id);
  } else if (token) {
    // A saved card is charged without the customer present, so without a 3DS challenge.
    immediate = authorisationOutcome(requestedAmount(body));
  } else {
    if (!card) {
      throw validationError([
        { path: 'channel_properties.card_details', message: 'is required for CARDS' },
      ]);
    }
    const check = checkCard(card, 'channel_properties.card_details', {
      amount: requestedAmount(body),
      currency: body.currency,
    });
    channelProperties.card_details = check.masked;
    if (check.challenge && channelProperties.skip_three_ds !== true) {
      challenge = check.challenge;
      actions = [
        {
          type: 'REDIRECT_CUSTOMER',
          descriptor: 'WEB_URL',
          value: `${ctx.publicUrl}/pages/3ds/${id}`,
        },
      ];
    } else {
      immediate = cardOutcome(requestedAmount(body), check.masked);
    }
  }
  return { status, actions, immediate, later, challenge, expiresInMs };
}
