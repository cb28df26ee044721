import {
  TEST_OTPS,
  type Action,
  type CreatePaymentTokenBody,
  type Customer,
  type MaskedCardDetails,
  type PaymentRequest,
  type PaymentToken,
  type PaymentTokenStatus,
  type ShownChannelProperties,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible, notFound, validationError } from '../api-error.ts';
import { checkCard, type Challenge } from '../cards.ts';
import {
  channelIn,
  CHANNELS,
  isEwallet,
  isSaveable,
  refuseCurrencyOutsideChannel,
} from '../channels.ts';
import { customerName, resolveCustomerId } from '../customers/service.ts';
import type { Database } from '../db/database.ts';
import { newPaymentTokenId, randomDigits } from '../ids.ts';
import { insertObject, loadObject, saveObject, type StoredObject } from '../objects.ts';
import { judgeOtp } from '../otp.ts';
import type { SimContext } from '../sim-context.ts';
import { completeSession } from '../sessions/completion.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

export type PaymentTokenInternal = {
  otpAttempts?: number;
  sessionId?: string;
  accountName?: string;
  /** What the 3DS page offers the token's card. */
  challenge?: Challenge;
};

type StoredToken = StoredObject<PaymentToken> & { internal: PaymentTokenInternal };

/** Allowed status changes of a payment token; every change goes through `moveToken`. */
const TOKEN_TRANSITIONS: Record<PaymentTokenStatus, readonly PaymentTokenStatus[]> = {
  REQUIRES_ACTION: ['ACTIVE', 'FAILED', 'CANCELED', 'EXPIRED'],
  PENDING: ['ACTIVE', 'FAILED', 'CANCELED', 'EXPIRED'],
  ACTIVE: ['CANCELED', 'EXPIRED'],
  FAILED: [],
  EXPIRED: [],
  CANCELED: [],
};

export async function findToken(
  db: Database,
  owner: Owner,
  id: string,
  forUpdate = false,
): Promise<StoredToken | undefined> {
  return loadObject<PaymentToken>(db, owner, 'payment_token', id, { forUpdate });
}

export async function loadToken(
  db: Database,
  owner: Owner,
  id: string,
  forUpdate = false,
): Promise<StoredToken> {
  const stored = await findToken(db, owner, id, forUpdate);
  if (!stored) throw notFound('payment token', id);
  return stored;
}

export type TokenSource = {
  sessionId?: string;
  customer?: Customer;
};

export async function createPaymentToken(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: CreatePaymentTokenBody,
  source: TokenSource = {},
): Promise<PaymentToken> {
  if (!CHANNELS[body.channel_code]) {
    throw validationError([
      { path: 'channel_code', message: `${body.channel_code} is not a supported channel` },
    ]);
  }
  // Whether a channel saves is its market's (ShopeePay saves in Indonesia, not in Thailand).
  const channel = channelIn(body.channel_code, body.country);
  if (!channel) {
    throw validationError([
      { path: 'country', message: `${body.channel_code} is not available in ${body.country}` },
    ]);
  }
  if (!isSaveable(channel)) {
    throw validationError([
      { path: 'channel_code', message: `${body.channel_code} cannot be saved as a payment token` },
    ]);
  }
  refuseCurrencyOutsideChannel(body.channel_code, body.country, body.currency);
  const customerId = await resolveCustomerId(tx, owner, body);
  if (customerId === undefined) {
    throw validationError([{ path: 'customer', message: 'customer or customer_id is required' }]);
  }
  const id = newPaymentTokenId();
  const now = new Date().toISOString();
  const internal: PaymentTokenInternal = {
    sessionId: source.sessionId,
    accountName: customerName(body.customer ?? source.customer),
  };
  const { card_details: card, ...entered } = body.channel_properties;
  const channelProperties: ShownChannelProperties = entered;
  let actions: Action[] = [];
  let activateNow = false;
  if (isEwallet(channel.kind)) {
    if (!channelProperties.success_return_url) {
      throw validationError([
        { path: 'channel_properties.success_return_url', message: 'is required for e-wallets' },
      ]);
    }
    actions = [
      {
        type: 'REDIRECT_CUSTOMER',
        descriptor: 'WEB_URL',
        value: `${ctx.publicUrl}/pages/link/${id}`,
      },
    ];
  } else if (channel.kind === 'DIRECT_DEBIT') {
    actions = otpActions(ctx, 'payment_tokens', id);
  } else {
    if (!card) {
      throw validationError([
        { path: 'channel_properties.card_details', message: 'is required for CARDS' },
      ]);
    }
    const check = checkCard(card, 'channel_properties.card_details');
    channelProperties.card_details = check.masked;
    if (check.challenge) {
      internal.challenge = check.challenge;
      actions = [
        {
          type: 'REDIRECT_CUSTOMER',
          descriptor: 'WEB_URL',
          value: `${ctx.publicUrl}/pages/3ds/${id}`,
        },
      ];
    } else {
      activateNow = true;
    }
  }
  const token: PaymentToken = {
    payment_token_id: id,
    business_id: owner.businessId,
    reference_id: body.reference_id,
    channel_code: body.channel_code,
    country: body.country,
    currency: body.currency,
    customer_id: customerId,
    channel_properties: channelProperties,
    actions,
    status: 'REQUIRES_ACTION',
    description: body.description,
    metadata: body.metadata,
    created: now,
    updated: now,
  };
  await insertObject(tx, owner, 'payment_token', id, token, internal);
  if (activateNow) return moveToken(tx, owner, { data: token, internal }, 'ACTIVE');
  return token;
}

/** The token a successful PAY_AND_SAVE payment leaves behind: active at once. */
export async function createTokenFromPayment(
  tx: Database,
  owner: Owner,
  paymentRequest: PaymentRequest,
  cardDetails: MaskedCardDetails | undefined,
): Promise<PaymentToken> {
  const id = newPaymentTokenId();
  const now = new Date().toISOString();
  const token: PaymentToken = {
    payment_token_id: id,
    business_id: owner.businessId,
    reference_id: paymentRequest.reference_id,
    channel_code: paymentRequest.channel_code,
    country: paymentRequest.country,
    currency: paymentRequest.currency,
    customer_id: paymentRequest.customer_id,
    ...(cardDetails && { channel_properties: { card_details: cardDetails } }),
    actions: [],
    status: 'REQUIRES_ACTION',
    created: now,
    updated: now,
  };
  const internal: PaymentTokenInternal = { accountName: customerName(undefined) };
  await insertObject(tx, owner, 'payment_token', id, token, internal);
  return moveToken(tx, owner, { data: token, internal }, 'ACTIVE');
}

export function otpActions(
  ctx: SimContext,
  resource: 'payment_requests' | 'payment_tokens',
  id: string,
): Action[] {
  return [
    {
      type: 'API_POST_REQUEST',
      descriptor: 'VALIDATE_OTP',
      value: `${ctx.publicUrl}/v3/${resource}/${id}/validate_otp`,
    },
    {
      type: 'API_POST_REQUEST',
      descriptor: 'RESEND_OTP',
      value: `${ctx.publicUrl}/v3/${resource}/${id}/resend_otp`,
    },
  ];
}

function tokenDetails(token: PaymentToken, internal: PaymentTokenInternal) {
  const channel = CHANNELS[token.channel_code];
  // A card shows itself in channel_properties.card_details (see the published token examples).
  if (channel?.kind === 'CARDS') return undefined;
  if (channel?.kind === 'DIRECT_DEBIT') {
    return { account_name: internal.accountName, account_number: `XXXXXX${randomDigits(4)}` };
  }
  return { account_name: internal.accountName, account_balance: '1000000' };
}

/** Moves a token to its next status, with the webhook that tells the merchant. */
export async function moveToken(
  tx: Database,
  owner: Owner,
  stored: StoredToken,
  status: PaymentTokenStatus,
  failureCode?: string,
): Promise<PaymentToken> {
  const from = stored.data.status;
  if (!TOKEN_TRANSITIONS[from].includes(status)) {
    throw ineligible('payment token', from, status === 'CANCELED' ? 'canceled' : 'changed');
  }
  const token: PaymentToken = {
    ...stored.data,
    status,
    actions: [],
    failure_code: failureCode,
    token_details:
      status === 'ACTIVE' ? tokenDetails(stored.data, stored.internal) : stored.data.token_details,
    updated: new Date().toISOString(),
  };
  await saveObject(tx, token.payment_token_id, token, stored.internal);
  if (status === 'ACTIVE') {
    await enqueueWebhook(tx, owner, 'payment_token.activation', token);
    if (stored.internal.sessionId) {
      await completeSession(tx, owner, stored.internal.sessionId, {
        payment_token_id: token.payment_token_id,
      });
    }
  }
  if (status === 'FAILED') await enqueueWebhook(tx, owner, 'payment_token.failure', token);
  if (status === 'EXPIRED') await enqueueWebhook(tx, owner, 'payment_token.expiry', token);
  return token;
}

export type OtpResult = { data: unknown; error?: ApiError };

export async function validateTokenOtp(
  tx: Database,
  owner: Owner,
  id: string,
  otpCode: string,
): Promise<OtpResult> {
  const stored = await loadToken(tx, owner, id, true);
  requireOtpFlow(stored);
  const verdict = judgeOtp(otpCode, TEST_OTPS.linkingSuccess, stored.internal.otpAttempts ?? 0);
  switch (verdict.kind) {
    case 'valid':
      return { data: await moveToken(tx, owner, stored, 'ACTIVE') };
    case 'expired':
      return { data: stored.data, error: verdict.error };
    case 'invalid':
      await saveObject(tx, id, stored.data, { ...stored.internal, otpAttempts: verdict.attempts });
      return { data: stored.data, error: verdict.error };
    case 'max_attempts':
      await moveToken(tx, owner, stored, 'FAILED', 'AUTHENTICATION_FAILED');
      return { data: stored.data, error: verdict.error };
  }
}

export async function resendTokenOtp(tx: Database, owner: Owner, id: string) {
  const stored = await loadToken(tx, owner, id);
  requireOtpFlow(stored);
  return stored.data;
}

function requireOtpFlow(stored: StoredToken) {
  if (CHANNELS[stored.data.channel_code]?.kind !== 'DIRECT_DEBIT') {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `Payment tokens of ${stored.data.channel_code} are not activated by OTP`,
    );
  }
  if (stored.data.status !== 'REQUIRES_ACTION') {
    throw ineligible('payment token', stored.data.status, 'validated');
  }
}
