import type {
  CreateSessionBody,
  PaymentWithSessionBody,
  PaymentWithSessionResponse,
  Session,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, ineligible } from '../api-error.ts';
import { resolveCustomerId } from '../customers.ts';
import type { Database } from '../db/database.ts';
import { newSessionId } from '../ids.ts';
import { insertObject, loadObject, saveObject } from '../objects.ts';
import { createPaymentRequest } from '../payment-requests/service.ts';
import { createPaymentToken } from '../payment-tokens/service.ts';
import type { SimContext } from '../sim-context.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

const SESSION_LIFETIME_MS = 30 * 60 * 1000;

export async function loadSession(db: Database, owner: Owner, id: string, forUpdate = false) {
  const stored = await loadObject<Session>(db, owner, 'session', id, { forUpdate });
  if (!stored) {
    throw new ApiError(404, 'SESSION_NOT_FOUND', `No session with id ${id} was found`);
  }
  return stored;
}

export async function createSession(
  tx: Database,
  owner: Owner,
  body: CreateSessionBody,
): Promise<Session> {
  if (body.mode !== 'CARDS_SESSION_JS') {
    throw new ApiError(
      400,
      'API_VALIDATION_ERROR',
      `The simulator supports mode CARDS_SESSION_JS only, not ${body.mode}`,
      [{ path: 'mode', message: 'must be CARDS_SESSION_JS' }],
    );
  }
  const id = newSessionId();
  const now = new Date();
  const session: Session = {
    payment_session_id: id,
    business_id: owner.businessId,
    reference_id: body.reference_id,
    customer_id: await resolveCustomerId(tx, owner, body),
    session_type: body.session_type,
    mode: body.mode,
    amount: body.amount,
    currency: body.currency,
    country: body.country,
    status: 'ACTIVE',
    cards_session_js: body.cards_session_js,
    allow_save_payment_method: body.allow_save_payment_method,
    capture_method: body.capture_method ?? 'AUTOMATIC',
    expires_at: body.expires_at ?? new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
    description: body.description,
    // Shown as null until there is a value, as the description's own example has them.
    metadata: body.metadata ?? null,
    items: null,
    payment_link_url: null,
    payment_request_id: null,
    payment_token_id: null,
    payment_id: null,
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  await insertObject(tx, owner, 'session', id, session);
  return session;
}

export async function cancelSession(tx: Database, owner: Owner, id: string): Promise<Session> {
  const stored = await loadSession(tx, owner, id, true);
  if (stored.data.status !== 'ACTIVE') throw ineligible('session', stored.data.status, 'canceled');
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
  const expired: Session = { ...stored.data, status: 'EXPIRED', updated: new Date().toISOString() };
  await saveObject(tx, id, expired);
  await enqueueWebhook(tx, owner, 'payment_session.expired', expired);
  return expired;
}

export type PaymentWithSessionResult = { data: PaymentWithSessionResponse; error?: ApiError };

/**
 * What the cards-session script asks for: the session's payment request (PAY) or payment token (SAVE)
 * from the card. The session is COMPLETED once it has made its request or token; the payment's own
 * outcome (3DS included) follows in payment.* or payment_token.* webhooks.
 */
export async function payWithSession(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  body: PaymentWithSessionBody,
): Promise<PaymentWithSessionResult> {
  const stored = await loadSession(tx, owner, body.payment_session_id, true);
  const session = stored.data;
  if (
    session.status === 'ACTIVE' &&
    session.expires_at &&
    Date.parse(session.expires_at) < Date.now()
  ) {
    const expired: Session = { ...session, status: 'EXPIRED', updated: new Date().toISOString() };
    await saveObject(tx, session.payment_session_id, expired);
    await enqueueWebhook(tx, owner, 'payment_session.expired', expired);
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
  let completed: Session;
  const now = new Date().toISOString();
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
    completed = {
      ...session,
      status: 'COMPLETED',
      payment_request_id: paymentRequest.payment_request_id,
      updated: now,
    };
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
    completed = {
      ...session,
      status: 'COMPLETED',
      payment_token_id: token.payment_token_id,
      updated: now,
    };
  }
  await saveObject(tx, session.payment_session_id, completed);
  await enqueueWebhook(tx, owner, 'payment_session.completed', completed);
  return { data: response };
}

function redirectOf(actions: { type: string; value: string }[] | null | undefined) {
  return actions?.find((action) => action.type === 'REDIRECT_CUSTOMER')?.value;
}
