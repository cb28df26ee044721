import type {
  CreateSessionBody,
  PaymentWithSessionBody,
  PaymentWithSessionResponse,
  Session,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { randomBytes } from 'node:crypto';
import { ApiError, ineligible, validationError } from '../api-error.ts';
import {
  channelsOf,
  isSaveable,
  refuseCurrencyOutsideChannel,
  refuseManualCaptureOutsideCards,
  requireChannelIn,
  takesAmount,
  type Channel,
} from '../channels.ts';
import { requireCustomer, resolveCustomerId } from '../customers/service.ts';
import type { Database } from '../db/database.ts';
import { writeTogether } from '../db/write-together.ts';
import { newSessionId } from '../ids.ts';
import { jobInsert } from '../jobs.ts';
import { loadObject, objectInsert, saveObject, type StoredObject } from '../objects.ts';
import {
  cancelPaymentRequest,
  createPaymentRequest,
  loadPaymentRequest,
} from '../payment-requests/service.ts';
import { refuseExcessDecimals } from '../payment-requests/create-checks.ts';
import { createPaymentToken } from '../payment-tokens/service.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import { completeSession, type SessionOutcome } from './completion.ts';

/** "By default the Session will expire 30 minutes after creation" (the description's expires_at). */
const SESSION_LIFETIME_MS = 30 * 60 * 1000;

export async function loadSession(db: Database, owner: Owner, id: string, forUpdate = false) {
  const stored = forUpdate
    ? await lockSession(db, owner, id)
    : await loadObject<Session>(db, owner, 'session', id);
  if (!stored) {
    throw new ApiError(404, 'SESSION_NOT_FOUND', `No session with id ${id} was found`);
  }
  return stored;
}

/**
 * Locks a session for a change, the payment request begun on its page first: settling that request
 * locks it, then its session (completeSession), so a cancel, an expiry or a choice on the page that
 * takes both in the same order cannot deadlock with an approval, a 3DS answer or a webhook job
 * arriving at the same moment (PostgreSQL would abort one with 40P01, a 500).
 */
async function lockSession(db: Database, owner: Owner, id: string) {
  const seen = await loadObject<Session>(db, owner, 'session', id);
  const attempt = (seen?.internal as CheckoutInternal | undefined)?.attempt;
  if (attempt?.kind === 'payment_request') await loadPaymentRequest(db, owner, attempt.id, true);
  return loadObject<Session>(db, owner, 'session', id, { forUpdate: true });
}

/** Where the hosted checkout of a PAYMENT_LINK session lives on the simulator. */
export const checkoutPagePath = (id: string) => `/pages/checkout/${id}`;

/**
 * A new session in any of the three modes. PAYMENT_LINK answers the hosted checkout page's address,
 * COMPONENTS the key its browser SDK starts with, CARDS_SESSION_JS neither (the cards-session
 * script completes it). The session expires by the scheduler at expires_at.
 */
export async function createSession(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: CreateSessionBody,
): Promise<Session> {
  const now = new Date();
  const expiresAt = body.expires_at ?? new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString();
  if (Date.parse(expiresAt) <= now.getTime()) {
    throw validationError([{ path: 'expires_at', message: 'must be in the future' }]);
  }
  if (body.session_type === 'PAY' && body.amount <= 0) {
    throw validationError([{ path: 'amount', message: 'must be more than 0 for a PAY session' }]);
  }
  if (body.session_type === 'PAY') refuseExcessDecimals(body.amount, body.currency, 'amount');
  refuseChannelsOutsideMarket(body);
  // The description's 404 for POST /sessions (Payment_Session_ErrorStatusCode404Response).
  if (body.customer_id !== undefined) await requireCustomer(tx, owner, body.customer_id);
  const id = newSessionId();
  // Fields in the order of the description's session examples.
  const session: Session = {
    payment_session_id: id,
    created: now.toISOString(),
    updated: now.toISOString(),
    reference_id: body.reference_id,
    customer_id: await resolveCustomerId(tx, owner, body),
    session_type: body.session_type,
    allow_save_payment_method: body.allow_save_payment_method,
    currency: body.currency,
    amount: body.amount,
    country: body.country,
    mode: body.mode,
    capture_method: body.capture_method ?? 'AUTOMATIC',
    channel_properties: body.channel_properties ?? {},
    // An empty list is the field left empty: every channel the session can use.
    allowed_payment_channels: body.allowed_payment_channels?.length
      ? body.allowed_payment_channels
      : defaultAllowedChannels(body),
    cards_session_js: body.cards_session_js,
    components_configuration: body.components_configuration,
    components_sdk_key:
      body.mode === 'COMPONENTS' ? `session-sdk-${randomBytes(16).toString('hex')}` : undefined,
    expires_at: expiresAt,
    locale: body.locale ?? 'en',
    // Shown as null until there is a value, as the description's own examples have them.
    metadata: body.metadata ?? null,
    description: body.description,
    items: body.items ?? null,
    success_return_url: body.success_return_url,
    cancel_return_url: body.cancel_return_url,
    status: 'ACTIVE',
    payment_link_url:
      body.mode === 'PAYMENT_LINK' ? `${ctx.publicUrl}${checkoutPagePath(id)}` : null,
    payment_token_id: null,
    payment_id: null,
    payment_request_id: null,
    business_id: owner.businessId,
  };
  refuseSessionNothingPays(session);
  await writeTogether(tx, [
    objectInsert(tx, owner, 'session', id, session),
    jobInsert(tx, owner, 'session.expire', id, Date.parse(expiresAt) - now.getTime()),
  ]);
  return session;
}

/**
 * A session offers only what a payment request of its market would take: its channels named in
 * `allowed_payment_channels` are checked as a payment request checks its `channel_code` (a channel
 * the provider has, in the session's country, in its currency but for cards). A session naming a
 * channel of another country was made, and its hosted page had no way to pay.
 */
function refuseChannelsOutsideMarket(body: CreateSessionBody) {
  body.allowed_payment_channels?.forEach((code, index) => {
    const path = `allowed_payment_channels[${index}]`;
    const channel = requireChannelIn(code, body.country, { code: path, country: path });
    refuseCurrencyOutsideChannel(code, body.country, body.currency);
    refuseManualCaptureOutsideCards(channel.kind, body.capture_method, path);
  });
}

/**
 * "By default all payment channels will be available if you leave this field empty" (the
 * description's allowed_payment_channels): those of the session's market that can do what it asks.
 */
function defaultAllowedChannels(body: CreateSessionBody): string[] {
  return channelsOf(body.country, body.currency)
    .filter(([, channel]) => body.mode !== 'CARDS_SESSION_JS' || channel.kind === 'CARDS')
    .filter(([, channel]) => body.capture_method !== 'MANUAL' || channel.kind === 'CARDS')
    .filter(([, channel]) => body.session_type !== 'SAVE' || isSaveable(channel))
    .map(([code]) => code);
}

/**
 * The channels the page offers: the session's market, its allowed list, what SAVE can keep, and
 * for a payment the channels whose documented limits take its amount (a choice whose payment
 * request the create would only refuse is not offered).
 */
export function offeredChannels(session: Session, byAmount = true): [string, Channel][] {
  const allowed = session.allowed_payment_channels;
  return channelsOf(session.country, session.currency).filter(
    ([code, channel]) =>
      (!allowed || allowed.length === 0 || allowed.includes(code)) &&
      (session.session_type === 'PAY' && session.allow_save_payment_method !== 'FORCED'
        ? true
        : isSaveable(channel)) &&
      (!byAmount ||
        session.session_type !== 'PAY' ||
        takesAmount(code, session.country, session.amount)),
  );
}

/**
 * A session its own page could offer no channel for (an amount no allowed channel takes, a
 * currency only cards take with cards not allowed) could never be paid: refused at create, as a
 * payment request of that amount or currency would be, rather than made and left to expire.
 */
function refuseSessionNothingPays(session: Session) {
  if (offeredChannels(session).length > 0) return;
  // The amount, if channels are left before it is weighed; else the channels the session allows.
  const byAmount = offeredChannels(session, false).length > 0;
  throw validationError([
    byAmount
      ? {
          path: 'amount',
          message: `no payment channel this session allows in ${session.country} takes ${session.amount} ${session.currency}`,
        }
      : {
          path: 'allowed_payment_channels',
          message: `none of the channels this session allows in ${session.country} can be used for it (its currency, and the saving it asks for)`,
        },
  ]);
}

/** The request or token the customer is working through on the hosted page, kept with the session. */
export type Attempt = { kind: 'payment_request' | 'payment_token'; id: string };
export type CheckoutInternal = { attempt?: Attempt };

/**
 * The session's attempt will not complete it (the customer chose another way, or the session was
 * cancelled or expired): a payment request still awaiting the customer is cancelled, so that
 * approving or paying it later cannot charge them for a checkout that no longer takes payment,
 * nor a second time.
 */
export async function abandonAttempt(tx: Database, owner: Owner, internal: CheckoutInternal) {
  const attempt = internal.attempt;
  if (attempt?.kind !== 'payment_request') return;
  const stored = await loadPaymentRequest(tx, owner, attempt.id, true);
  if (stored.data.status === 'REQUIRES_ACTION') await cancelPaymentRequest(tx, owner, attempt.id);
}

/**
 * "Cancels an ACTIVE Session. The Xendit Hosted Checkout URL will be invalid" (the description's
 * cancelSessionById): with it, the payment request begun there.
 */
export async function cancelSession(tx: Database, owner: Owner, id: string): Promise<Session> {
  const stored = await loadSession(tx, owner, id, true);
  if (stored.data.status !== 'ACTIVE') throw ineligible('session', stored.data.status, 'canceled');
  await abandonAttempt(tx, owner, stored.internal as CheckoutInternal);
  const session: Session = {
    ...stored.data,
    status: 'CANCELED',
    updated: new Date().toISOString(),
  };
  await saveObject(tx, id, session);
  return session;
}

/** Expires an active session now, with its webhook (a development shortcut). */
export async function expireSession(tx: Database, owner: Owner, id: string): Promise<Session> {
  const stored = await loadSession(tx, owner, id, true);
  if (stored.data.status !== 'ACTIVE') throw ineligible('session', stored.data.status, 'expired');
  return expire(tx, owner, stored);
}

/** A session still ACTIVE at its expires_at: EXPIRED, with payment_session.expired. */
export async function runSessionExpiryJob(tx: Database, owner: Owner, id: string) {
  const stored = await lockSession(tx, owner, id);
  if (!stored || stored.data.status !== 'ACTIVE') return;
  await expire(tx, owner, stored);
}

async function expire(tx: Database, owner: Owner, stored: StoredObject<Session>): Promise<Session> {
  await abandonAttempt(tx, owner, stored.internal as CheckoutInternal);
  const expired: Session = { ...stored.data, status: 'EXPIRED', updated: new Date().toISOString() };
  await saveObject(tx, stored.data.payment_session_id, expired);
  await enqueueWebhook(tx, owner, 'payment_session.expired', expired);
  return expired;
}

export type PaymentWithSessionResult = { data: PaymentWithSessionResponse; error?: ApiError };

/** What the cards-session script asks for: the session's payment request (PAY) or payment token (SAVE) from the card. */
export async function payWithSession(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: PaymentWithSessionBody,
): Promise<PaymentWithSessionResult> {
  const stored = await loadSession(tx, owner, body.payment_session_id, true);
  const session = stored.data;
  if (session.mode !== 'CARDS_SESSION_JS') {
    throw new ApiError(
      400,
      'API_VALIDATION_ERROR',
      `Session ${session.payment_session_id} is a ${session.mode} session, not one for the cards-session script`,
      [{ path: 'payment_session_id', message: 'must be a CARDS_SESSION_JS session' }],
    );
  }
  if (
    session.status === 'ACTIVE' &&
    session.expires_at &&
    Date.parse(session.expires_at) < Date.now()
  ) {
    await expire(tx, owner, stored);
    return {
      data: { message: 'The session has expired' },
      error: ineligible('session', 'EXPIRED', 'used'),
    };
  }
  if (session.status !== 'ACTIVE') throw ineligible('session', session.status, 'used');
  const cardDetails = {
    card_number: body.card_number,
    expiry_month: body.expiry_month,
    expiry_year: body.expiry_year,
    cvn: body.cvn,
    cardholder_first_name: body.cardholder_first_name,
    cardholder_last_name: body.cardholder_last_name,
    cardholder_email: body.cardholder_email,
    cardholder_phone_number: body.cardholder_phone_number ?? body.cardholder_phone,
  };
  const returnUrls = {
    success_return_url: session.cards_session_js?.success_return_url,
    failure_return_url: session.cards_session_js?.failure_return_url,
  };
  const customerId = session.customer_id ?? undefined;
  const source = { sessionId: session.payment_session_id };
  let response: PaymentWithSessionResponse;
  let outcome: SessionOutcome;
  if (session.session_type === 'PAY') {
    const save =
      session.allow_save_payment_method === 'FORCED' ||
      (session.allow_save_payment_method === 'OPTIONAL' && body.confirm_save === true);
    const paymentRequest = await createPaymentRequest(
      ctx,
      tx,
      owner,
      {
        reference_id: session.reference_id,
        type: save ? 'PAY_AND_SAVE' : 'PAY',
        country: session.country,
        currency: session.currency,
        request_amount: session.amount,
        channel_code: 'CARDS',
        channel_properties: { ...returnUrls, card_details: cardDetails },
        customer_id: customerId,
        capture_method: session.capture_method ?? undefined,
        description: session.description ?? undefined,
        metadata: session.metadata ?? undefined,
      },
      source,
    );
    response = {
      message: 'Payment request created',
      payment_request_id: paymentRequest.payment_request_id,
      action_url: redirectOf(paymentRequest.actions),
    };
    outcome = { payment_request_id: paymentRequest.payment_request_id };
  } else {
    const token = await createPaymentToken(
      ctx,
      tx,
      owner,
      {
        reference_id: session.reference_id,
        country: session.country,
        currency: session.currency,
        channel_code: 'CARDS',
        channel_properties: { ...returnUrls, card_details: cardDetails },
        customer_id: customerId,
      },
      source,
    );
    response = {
      message: 'Payment token created',
      payment_token_id: token.payment_token_id,
      action_url: redirectOf(token.actions),
    };
    outcome = { payment_token_id: token.payment_token_id };
  }
  // The cards-session script's session completes once it has made its request or token (a card
  // settled at once has completed it already, naming its payment too); the payment's own outcome,
  // 3DS included, follows in payment.* or payment_token.* webhooks.
  await completeSession(tx, owner, session.payment_session_id, outcome);
  return { data: response };
}

function redirectOf(actions: { type: string; value: string }[] | null | undefined) {
  return actions?.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value;
}
