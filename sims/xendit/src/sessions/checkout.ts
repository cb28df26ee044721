import type {
  CardDetails,
  ChannelProperties,
  PaymentRequest,
  PaymentToken,
  Session,
} from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { ApiError, validationError } from '../api-error.ts';
import { isSaveable, type Channel } from '../channels.ts';
import type { Database } from '../db/database.ts';
import { loadObject, saveObject } from '../objects.ts';
import {
  createPaymentRequest,
  loadPaymentRequest,
  payPresentedCode,
  validatePaymentRequestOtp,
} from '../payment-requests/service.ts';
import { createPaymentToken, loadToken, validateTokenOtp } from '../payment-tokens/service.ts';
import type { SimContext } from '../sim-context.ts';
import {
  abandonAttempt,
  checkoutPagePath,
  loadSession,
  offeredChannels,
  runSessionExpiryJob,
  type Attempt,
  type CheckoutInternal,
} from './service.ts';

// The hosted checkout of a PAYMENT_LINK session is a chooser over what the simulator already has:
// choosing a channel creates a payment request (PAY) or a payment token (SAVE) through the same
// create calls the API uses, and that object's own hosted step (3DS, e-wallet approval, linking,
// a code to pay, an OTP) finishes it. The session completes when that request or token does (see
// completion.ts). Nothing here decides an outcome.

/** What the customer chose on the page. */
export type Choice = {
  channel: string;
  save: boolean;
  card?: CardDetails;
  mobileNumber?: string;
};

/** May the customer choose to save the method on this channel (the "save" box)? */
export const offersSave = (session: Session, channel: Channel) =>
  session.session_type === 'PAY' &&
  session.allow_save_payment_method === 'OPTIONAL' &&
  isSaveable(channel);

/** The session as the page finds it: an ACTIVE one past its expires_at has expired. */
export async function currentSession(ctx: SimContext, owner: Owner, id: string) {
  const found = await loadObject<Session>(ctx.db, owner, 'session', id);
  if (
    found?.data.status === 'ACTIVE' &&
    found.data.expires_at &&
    Date.parse(found.data.expires_at) <= Date.now()
  ) {
    await ctx.transaction((tx) => runSessionExpiryJob(tx, owner, id));
    return loadObject<Session>(ctx.db, owner, 'session', id);
  }
  return found;
}

/** The attempt's request or token as it now stands. */
export async function loadAttempt(
  db: Database,
  owner: Owner,
  attempt: Attempt,
): Promise<PaymentRequest | PaymentToken> {
  return attempt.kind === 'payment_request'
    ? (await loadPaymentRequest(db, owner, attempt.id)).data
    : (await loadToken(db, owner, attempt.id)).data;
}

function requireActive(session: Session) {
  const status =
    session.status === 'ACTIVE' &&
    session.expires_at &&
    Date.parse(session.expires_at) <= Date.now()
      ? 'EXPIRED'
      : session.status;
  if (status !== 'ACTIVE') {
    throw new ApiError(
      400,
      'INELIGIBLE_SESSION_REQUEST',
      `This checkout is ${status.toLowerCase()} and takes no payment`,
    );
  }
}

/** Starts paying (or saving) with the chosen channel; answers the request or token it made. */
export async function startAttempt(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  sessionId: string,
  choice: Choice,
): Promise<PaymentRequest | PaymentToken> {
  const stored = await loadSession(tx, owner, sessionId, true);
  const session = stored.data;
  requireActive(session);
  await abandonAttempt(tx, owner, stored.internal as CheckoutInternal);
  const channel = offeredChannels(session).find(([code]) => code === choice.channel)?.[1];
  if (!channel) {
    throw validationError([
      { path: 'channel_code', message: `${choice.channel} is not offered by this checkout` },
    ]);
  }
  // Every hosted step comes back here, whatever its outcome: the page shows what is next.
  const back = `${ctx.publicUrl}${checkoutPagePath(sessionId)}`;
  const channelProperties: ChannelProperties = {
    success_return_url: back,
    failure_return_url: back,
    ...(choice.card && { card_details: choice.card }),
    ...(channel.kind === 'EWALLET_PUSH' && { account_mobile_number: choice.mobileNumber }),
  };
  const source = { sessionId };
  const customerId = session.customer_id ?? undefined;
  let made: PaymentRequest | PaymentToken;
  let attempt: Attempt;
  if (session.session_type === 'SAVE') {
    made = await createPaymentToken(
      ctx,
      tx,
      owner,
      {
        reference_id: session.reference_id,
        country: session.country,
        currency: session.currency,
        channel_code: choice.channel,
        channel_properties: channelProperties,
        customer_id: customerId,
      },
      source,
    );
    attempt = { kind: 'payment_token', id: made.payment_token_id };
  } else {
    const save =
      isSaveable(channel) &&
      (session.allow_save_payment_method === 'FORCED' ||
        (session.allow_save_payment_method === 'OPTIONAL' && choice.save));
    made = await createPaymentRequest(
      ctx,
      tx,
      owner,
      {
        reference_id: session.reference_id,
        type: save ? 'PAY_AND_SAVE' : 'PAY',
        country: session.country,
        currency: session.currency,
        request_amount: session.amount,
        channel_code: choice.channel,
        channel_properties: channelProperties,
        customer_id: customerId,
        capture_method: session.capture_method ?? undefined,
        description: session.description ?? undefined,
        // A session's items may name their currency; a payment request's do not.
        items: session.items?.map(({ currency: _currency, ...item }) => item),
        metadata: session.metadata ?? undefined,
      },
      source,
    );
    attempt = { kind: 'payment_request', id: made.payment_request_id };
  }
  const internal: CheckoutInternal = { ...stored.internal, attempt };
  await saveObject(tx, sessionId, (await loadSession(tx, owner, sessionId)).data, internal);
  return made;
}

/** The attempt of an ACTIVE session, or a refusal the page can show. */
async function activeAttempt(tx: Database, owner: Owner, sessionId: string): Promise<Attempt> {
  const stored = await loadSession(tx, owner, sessionId, true);
  requireActive(stored.data);
  const attempt = (stored.internal as CheckoutInternal).attempt;
  if (!attempt) {
    throw new ApiError(400, 'INELIGIBLE_SESSION_REQUEST', 'Choose a way to pay first');
  }
  return attempt;
}

/** Simulate Payment (test mode): the code, number or QR of the attempt is paid in full. */
export async function simulateAttemptPayment(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  sessionId: string,
) {
  if (owner.mode !== 'test') {
    throw new ApiError(403, 'FORBIDDEN', 'Payments can be simulated in test mode only');
  }
  const attempt = await activeAttempt(tx, owner, sessionId);
  if (attempt.kind !== 'payment_request') {
    throw new ApiError(400, 'INELIGIBLE_SESSION_REQUEST', 'Nothing here can be paid by code');
  }
  const paymentRequest = (await loadPaymentRequest(tx, owner, attempt.id)).data;
  return payPresentedCode(ctx, tx, owner, attempt.id, paymentRequest.request_amount);
}

/** An OTP typed on the page, for the attempt's direct debit (a payment or a link). */
export async function confirmAttemptOtp(
  ctx: SimContext,
  tx: Database,
  owner: Owner,
  sessionId: string,
  otpCode: string,
): Promise<ApiError | undefined> {
  const attempt = await activeAttempt(tx, owner, sessionId);
  const result =
    attempt.kind === 'payment_request'
      ? await validatePaymentRequestOtp(ctx, tx, owner, attempt.id, otpCode)
      : await validateTokenOtp(tx, owner, attempt.id, otpCode);
  return result.error;
}

/** Back to the list of channels; the attempt left behind simply stays as it is. */
export async function chooseAgain(tx: Database, owner: Owner, sessionId: string) {
  const stored = await loadSession(tx, owner, sessionId, true);
  requireActive(stored.data);
  const internal: CheckoutInternal = { ...stored.internal };
  await abandonAttempt(tx, owner, internal);
  delete internal.attempt;
  await saveObject(tx, sessionId, stored.data, internal);
}
