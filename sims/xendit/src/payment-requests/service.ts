import type { SQLWrapper } from 'drizzle-orm';
import {
  EWALLET_TEST_AMOUNTS,
  TEST_OTPS,
  type Action,
  type CreatePaymentRequestBody,
  type Payment,
  type PaymentRequest,
  type PaymentRequestStatus,
  type ShownChannelProperties,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible, notFound, validationError } from '../api-error.ts';
import { authorisationOutcome, checkCard, type Outcome } from '../cards.ts';
import {
  amountLimits,
  CHANNELS,
  isEwallet,
  isPresentToCustomer,
  isSaveable,
  type Channel,
} from '../channels.ts';
import { planCustomerId } from '../customers.ts';
import type { Database } from '../db/database.ts';
import { writeTogether } from '../db/write-together.ts';
import { newCaptureId, newPaymentId, newPaymentRequestId, randomDigits } from '../ids.ts';
import { jobInsert } from '../jobs.ts';
import {
  insertObject,
  loadObject,
  objectInsert,
  saveObject,
  type StoredObject,
} from '../objects.ts';
import { judgeOtp } from '../otp.ts';
import { createTokenFromPayment, loadToken, otpActions } from '../payment-tokens/service.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

export type PaymentRequestInternal = {
  otpAttempts?: number;
  /** The cards session the request came from: its return URLs win over the request's. */
  sessionId?: string;
};

export type StoredPaymentRequest = StoredObject<PaymentRequest> & {
  internal: PaymentRequestInternal;
};

/** How long a virtual account, retail code or QR code stays payable when the merchant sets no expires_at. */
const CODE_LIFETIME_MS = 24 * 3600 * 1000;

/** Allowed status changes of a payment request; every change goes through `settle` or `cancel`. */
const TRANSITIONS: Record<PaymentRequestStatus, readonly PaymentRequestStatus[]> = {
  REQUIRES_ACTION: ['AUTHORIZED', 'SUCCEEDED', 'FAILED', 'CANCELED', 'EXPIRED'],
  ACCEPTING_PAYMENTS: ['CANCELED', 'EXPIRED'],
  AUTHORIZED: ['SUCCEEDED', 'CANCELED', 'EXPIRED'],
  SUCCEEDED: [],
  FAILED: [],
  CANCELED: [],
  EXPIRED: [],
};

export async function loadPaymentRequest(
  db: Database,
  owner: Owner,
  id: string,
  forUpdate = false,
): Promise<StoredPaymentRequest> {
  const stored = await loadObject<PaymentRequest>(db, owner, 'payment_request', id, { forUpdate });
  if (!stored) throw notFound('payment request', id);
  return stored;
}

function channelOf(code: string): Channel {
  const channel = CHANNELS[code];
  if (!channel) {
    throw validationError([
      { path: 'channel_code', message: `${code} is not a supported channel` },
    ]);
  }
  return channel;
}

/** E-wallet test amounts that the provider refuses before any payment request exists. */
function refuseEwalletTestAmount(amount: number) {
  if (amount === EWALLET_TEST_AMOUNTS.accountAccessBlocked) {
    throw new ApiError(403, 'ACCOUNT_ACCESS_BLOCKED', 'The e-wallet account is blocked');
  }
  if (amount === EWALLET_TEST_AMOUNTS.channelUnavailable) {
    throw new ApiError(503, 'CHANNEL_UNAVAILABLE', 'The e-wallet is unavailable; try again later');
  }
  if (amount === EWALLET_TEST_AMOUNTS.serverError) {
    throw new ApiError(500, 'SERVER_ERROR', 'The provider failed to process the request');
  }
}

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
  return {
    type: 'PRESENT_TO_CUSTOMER',
    descriptor: 'QR_STRING',
    value: `00020101021226660014ID.CO.QRIS.WWW0215ID${randomDigits(13)}5204549953033605802ID6304${randomDigits(4)}`,
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

export type CreateSource = { sessionId?: string };

/** A payment request worked out from a create call, with the inserts that make it, not yet run. */
export type PaymentRequestPlan = {
  paymentRequest: PaymentRequest;
  internal: PaymentRequestInternal;
  inserts: SQLWrapper[];
  /** Settled in the create call itself (cards without 3DS, payments with a saved e-wallet or card). */
  immediate?: Outcome;
};

/**
 * Checks a create call and works out its payment request: reads only, so that the caller can
 * write it in one statement with its idempotency key (see writeTogether).
 */
export async function planPaymentRequest(
  ctx: SimContext,
  db: Database,
  owner: Owner,
  body: CreatePaymentRequestBody,
  source: CreateSource = {},
): Promise<PaymentRequestPlan> {
  let channelCode = body.channel_code;
  const customer = await planCustomerId(db, owner, body);
  let customerId = customer.customerId;
  const token = body.payment_token_id
    ? (await loadToken(db, owner, body.payment_token_id)).data
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
  const channel = channelOf(channelCode);
  if (!channel.countries.includes(body.country)) {
    throw validationError([
      { path: 'country', message: `${channelCode} is not available in ${body.country}` },
    ]);
  }
  if (body.type === 'PAY_AND_SAVE') {
    if (!isSaveable(channel.kind)) {
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
  const limits = amountLimits(channel.kind, body.currency);
  if (
    body.type !== 'REUSABLE_PAYMENT_CODE' &&
    (body.request_amount < limits.min || body.request_amount > limits.max)
  ) {
    throw validationError([
      {
        path: 'request_amount',
        message: `must be between ${limits.min} and ${limits.max} ${body.currency} for ${channelCode}`,
      },
    ]);
  }
  if (isEwallet(channel.kind)) refuseEwalletTestAmount(body.request_amount);

  const id = newPaymentRequestId();
  const now = new Date().toISOString();
  const { card_details: card, ...entered } = body.channel_properties ?? {};
  const channelProperties: ShownChannelProperties = entered;
  const internal: PaymentRequestInternal = { sessionId: source.sessionId };
  let status: PaymentRequestStatus = 'REQUIRES_ACTION';
  let actions: Action[] = [];
  /** Settled in this same call (cards without 3DS, payments with a saved e-wallet or card). */
  let immediate: Outcome | undefined;
  /** Settled later by the worker (OVO push approval, amount 20105). */
  let later: Outcome | 'decide-later' | undefined;

  if (isPresentToCustomer(channel.kind)) {
    status = body.type === 'REUSABLE_PAYMENT_CODE' ? 'ACCEPTING_PAYMENTS' : 'REQUIRES_ACTION';
    actions = [presentAction(channel, channelCode)];
    // Every code paid away from the store (bank, counter, QR) has a deadline, and the request
    // expires with payment_request.expiry when it passes. The merchant may set it; else a day (choice).
    channelProperties.expires_at ??= new Date(Date.now() + CODE_LIFETIME_MS).toISOString();
    if (channel.kind === 'VIRTUAL_ACCOUNT') channelProperties.display_name ??= 'Simulated Merchant';
  } else if (isEwallet(channel.kind)) {
    const declinedLater = body.request_amount === EWALLET_TEST_AMOUNTS.declinedLater;
    if (token || channel.kind === 'EWALLET_PUSH') {
      // The published statuses have no PENDING for a payment request: a push approval or a saved
      // wallet awaits the customer in REQUIRES_ACTION, with no action for the merchant.
      if (declinedLater) later = { status: 'FAILED', failureCode: 'USER_DECLINED_PAYMENT' };
      else if (token) immediate = authorisationOutcome(body.request_amount);
      else later = 'decide-later';
    } else {
      if (!channelProperties.success_return_url) {
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
      if (declinedLater) later = { status: 'FAILED', failureCode: 'USER_DECLINED_PAYMENT' };
    }
  } else if (channel.kind === 'DIRECT_DEBIT') {
    actions = directDebitActions(ctx, channelCode, id);
  } else if (token) {
    // A saved card is charged without the customer present, so without a 3DS challenge.
    immediate = authorisationOutcome(body.request_amount);
  } else {
    if (!card) {
      throw validationError([
        { path: 'channel_properties.card_details', message: 'is required for CARDS' },
      ]);
    }
    const check = checkCard(card, 'channel_properties.card_details');
    channelProperties.card_details = check.masked;
    if (check.needsThreeDs && channelProperties.skip_three_ds !== true) {
      actions = [
        {
          type: 'REDIRECT_CUSTOMER',
          descriptor: 'WEB_URL',
          value: `${ctx.publicUrl}/pages/3ds/${id}`,
        },
      ];
    } else {
      immediate = authorisationOutcome(body.request_amount);
    }
  }

  const paymentRequest: PaymentRequest = {
    payment_request_id: id,
    business_id: owner.businessId,
    reference_id: body.reference_id,
    type: body.type,
    country: body.country,
    currency: body.currency,
    request_amount: body.request_amount,
    capture_method: body.capture_method ?? 'AUTOMATIC',
    channel_code: channelCode,
    channel_properties: channelProperties,
    payment_token_id: body.payment_token_id,
    customer_id: customerId,
    actions,
    status,
    description: body.description,
    items: body.items,
    metadata: body.metadata,
    created: now,
    updated: now,
  };
  const inserts: SQLWrapper[] = [
    ...customer.inserts,
    objectInsert(db, owner, 'payment_request', id, paymentRequest, internal),
  ];
  if (typeof channelProperties.expires_at === 'string' && status === 'REQUIRES_ACTION') {
    const expiresInMs = Math.max(0, Date.parse(channelProperties.expires_at) - Date.now());
    inserts.push(jobInsert(db, owner, 'payment_request.expire', id, expiresInMs));
  }
  if (later !== undefined) {
    inserts.push(
      jobInsert(db, owner, 'payment_request.outcome', id, ctx.asyncDelayMs, { outcome: later }),
    );
  }
  return { paymentRequest, internal, inserts, immediate };
}

export async function createPaymentRequest(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: CreatePaymentRequestBody,
  source: CreateSource = {},
): Promise<PaymentRequest> {
  const { paymentRequest, internal, inserts, immediate } = await planPaymentRequest(
    ctx,
    tx,
    owner,
    body,
    source,
  );
  await writeTogether(tx, inserts);
  if (immediate) return settle(ctx, tx, owner, { data: paymentRequest, internal }, immediate);
  return paymentRequest;
}

/**
 * The payment object of a settled request, kept for GET /v3/payments/{id}: the data of
 * payment.capture, payment.authorization and payment.failure.
 */
function paymentOf(paymentRequest: PaymentRequest, now: string): Payment {
  const status =
    paymentRequest.status === 'SUCCEEDED' || paymentRequest.status === 'AUTHORIZED'
      ? paymentRequest.status
      : 'FAILED';
  return {
    payment_id: paymentRequest.latest_payment_id ?? newPaymentId(),
    business_id: paymentRequest.business_id,
    payment_request_id: paymentRequest.payment_request_id,
    reference_id: paymentRequest.reference_id,
    customer_id: paymentRequest.customer_id,
    payment_token_id: paymentRequest.payment_token_id,
    type: paymentRequest.type,
    request_amount: paymentRequest.request_amount,
    currency: paymentRequest.currency,
    country: paymentRequest.country,
    channel_code: paymentRequest.channel_code,
    channel_properties: paymentRequest.channel_properties,
    capture_method: paymentRequest.capture_method,
    captures:
      status === 'SUCCEEDED'
        ? [
            {
              capture_id: newCaptureId(),
              capture_amount: paymentRequest.request_amount,
              capture_timestamp: now,
            },
          ]
        : undefined,
    status,
    failure_code: paymentRequest.failure_code,
    description: paymentRequest.description,
    metadata: paymentRequest.metadata,
    created: paymentRequest.created,
    updated: now,
  };
}

/**
 * Ends a payment request with a payment: SUCCEEDED (and, for PAY_AND_SAVE, an ACTIVE token) or FAILED,
 * with the webhooks that tell the merchant.
 */
export async function settle(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  stored: StoredPaymentRequest,
  outcome: Outcome,
): Promise<PaymentRequest> {
  const from = stored.data.status;
  // With capture_method MANUAL a successful authorisation holds the amount until it is captured.
  const status =
    outcome.status === 'SUCCEEDED' && stored.data.capture_method === 'MANUAL'
      ? 'AUTHORIZED'
      : outcome.status;
  if (!TRANSITIONS[from].includes(status)) {
    throw ineligible('payment request', from, 'paid');
  }
  const now = new Date().toISOString();
  const paymentRequest: PaymentRequest = {
    ...stored.data,
    status,
    failure_code: outcome.status === 'FAILED' ? outcome.failureCode : undefined,
    latest_payment_id: newPaymentId(),
    actions: [],
    updated: now,
  };
  if (
    outcome.status === 'SUCCEEDED' &&
    paymentRequest.type === 'PAY_AND_SAVE' &&
    !paymentRequest.payment_token_id
  ) {
    paymentRequest.payment_token_id = (
      await createTokenFromPayment(
        tx,
        owner,
        paymentRequest,
        paymentRequest.channel_properties?.card_details,
      )
    ).payment_token_id;
  }
  await saveObject(tx, paymentRequest.payment_request_id, paymentRequest, stored.internal);
  await recordPayment(tx, owner, paymentOf(paymentRequest, now));
  return paymentRequest;
}

const paymentEvents = {
  SUCCEEDED: 'payment.capture',
  AUTHORIZED: 'payment.authorization',
  FAILED: 'payment.failure',
} as const;

/** Keeps a new payment for GET /v3/payments/{id}, with the webhook that tells the merchant. */
async function recordPayment(tx: Database, owner: Owner, payment: Payment) {
  await insertObject(
    tx,
    owner,
    'payment',
    payment.payment_id,
    payment,
    {},
    payment.payment_request_id,
  );
  const event = paymentEvents[payment.status as keyof typeof paymentEvents];
  await enqueueWebhook(tx, owner, event, payment);
}

/**
 * The payment request of a payment that has moved on (captured, cancelled or expired after its
 * authorisation): it follows, without a webhook of its own.
 */
export async function followPayment(
  tx: Database,
  owner: Owner,
  payment: Payment,
  status: 'SUCCEEDED' | 'CANCELED' | 'EXPIRED',
) {
  const stored = await loadPaymentRequest(tx, owner, payment.payment_request_id, true);
  if (!TRANSITIONS[stored.data.status].includes(status)) {
    throw ineligible('payment request', stored.data.status, 'changed');
  }
  await saveObject(
    tx,
    payment.payment_request_id,
    { ...stored.data, status, updated: payment.updated },
    stored.internal,
  );
}

export async function cancelPaymentRequest(tx: Database, owner: Owner, id: string) {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  if (!TRANSITIONS[stored.data.status].includes('CANCELED')) {
    throw ineligible('payment request', stored.data.status, 'canceled');
  }
  const paymentRequest: PaymentRequest = {
    ...stored.data,
    status: 'CANCELED',
    actions: [],
    updated: new Date().toISOString(),
  };
  await saveObject(tx, id, paymentRequest);
  return paymentRequest;
}

export type OtpResult = { data: PaymentRequest; error?: ApiError };

function requireOtpFlow(stored: StoredPaymentRequest) {
  if (CHANNELS[stored.data.channel_code]?.kind !== 'DIRECT_DEBIT') {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `Payments by ${stored.data.channel_code} are not confirmed by OTP`,
    );
  }
  if (stored.data.status !== 'REQUIRES_ACTION') {
    throw ineligible('payment request', stored.data.status, 'validated');
  }
}

export async function validatePaymentRequestOtp(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  id: string,
  otpCode: string,
): Promise<OtpResult> {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  requireOtpFlow(stored);
  const verdict = judgeOtp(otpCode, TEST_OTPS.success, stored.internal.otpAttempts ?? 0);
  switch (verdict.kind) {
    case 'valid':
      return {
        data: await settle(
          ctx,
          tx,
          owner,
          stored,
          authorisationOutcome(stored.data.request_amount),
        ),
      };
    case 'expired':
      return { data: stored.data, error: verdict.error };
    case 'invalid':
      await saveObject(tx, id, stored.data, { ...stored.internal, otpAttempts: verdict.attempts });
      return { data: stored.data, error: verdict.error };
    case 'max_attempts':
      return {
        data: await settle(ctx, tx, owner, stored, {
          status: 'FAILED',
          failureCode: 'OTP_ATTEMPT_COUNTS_EXCEEDED',
        }),
        error: verdict.error,
      };
  }
}

export async function resendPaymentRequestOtp(tx: Database, owner: Owner, id: string) {
  const stored = await loadPaymentRequest(tx, owner, id);
  requireOtpFlow(stored);
  return stored.data;
}

/** A customer paying a virtual account, retail code or QR (from /simulate or the pay page). */
export async function payPresentedCode(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  id: string,
  amount: number,
): Promise<PaymentRequest> {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  const channel = CHANNELS[stored.data.channel_code];
  if (!channel || !isPresentToCustomer(channel.kind)) {
    throw new ApiError(
      400,
      'INELIGIBLE_TRANSACTION_STATUS',
      `Only virtual accounts, retail codes and QR codes can be simulated, not ${stored.data.channel_code}`,
    );
  }
  if (stored.data.status === 'ACCEPTING_PAYMENTS') {
    // A reusable code stays open; each payment is announced on its own.
    const now = new Date().toISOString();
    const payment = paymentOf(
      {
        ...stored.data,
        status: 'SUCCEEDED',
        request_amount: amount,
        latest_payment_id: newPaymentId(),
      },
      now,
    );
    await recordPayment(tx, owner, payment);
    return stored.data;
  }
  if (stored.data.status !== 'REQUIRES_ACTION') {
    throw ineligible('payment request', stored.data.status, 'paid');
  }
  if (amount !== stored.data.request_amount) {
    throw validationError([
      { path: 'amount', message: `must equal the request_amount ${stored.data.request_amount}` },
    ]);
  }
  return settle(ctx, tx, owner, stored, { status: 'SUCCEEDED' });
}

/** Runs a scheduled outcome, unless the request has meanwhile left the status that awaited it. */
export async function runOutcomeJob(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  id: string,
  payload: Record<string, unknown>,
) {
  const stored = await loadObject<PaymentRequest>(tx, owner, 'payment_request', id, {
    forUpdate: true,
  });
  if (!stored || stored.data.status !== 'REQUIRES_ACTION') {
    return;
  }
  const outcome =
    payload.outcome === 'decide-later'
      ? authorisationOutcome(stored.data.request_amount)
      : (payload.outcome as Outcome);
  await settle(ctx, tx, owner, stored, outcome);
}

/** A code nobody paid by its expires_at: EXPIRED, with payment_request.expiry. */
export async function runExpiryJob(tx: Database, owner: Owner, id: string) {
  const stored = await loadObject<PaymentRequest>(tx, owner, 'payment_request', id, {
    forUpdate: true,
  });
  if (!stored || stored.data.status !== 'REQUIRES_ACTION') return;
  await expire(tx, owner, stored);
}

/** Expires a payment request awaiting the customer now (a development shortcut). */
export async function expirePaymentRequest(
  tx: Database,
  owner: Owner,
  id: string,
): Promise<PaymentRequest> {
  const stored = await loadPaymentRequest(tx, owner, id, true);
  if (!TRANSITIONS[stored.data.status].includes('EXPIRED')) {
    throw ineligible('payment request', stored.data.status, 'expired');
  }
  return expire(tx, owner, stored);
}

async function expire(tx: Database, owner: Owner, stored: StoredObject<PaymentRequest>) {
  const expired: PaymentRequest = {
    ...stored.data,
    status: 'EXPIRED',
    failure_code: 'PAYMENT_REQUEST_EXPIRED',
    actions: [],
    updated: new Date().toISOString(),
  };
  await saveObject(tx, expired.payment_request_id, expired);
  await enqueueWebhook(tx, owner, 'payment_request.expiry', expired);
  return expired;
}
