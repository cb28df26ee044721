import type { Session } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import type { Database } from '../db/database.ts';
import { loadObject, saveObject } from '../objects.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';

// The end of a hosted or components session: it completes when the payment request it made succeeds
// (PAY) or the payment token it made becomes ACTIVE (SAVE), never before, so a declined attempt
// leaves it open for another. Kept apart from the session service so that settling a payment request
// or activating a token can complete their session without importing what creates them.

/** What a completed session names, as payment_session.completed carries it. */
export type SessionOutcome = {
  payment_request_id?: string | null;
  payment_id?: string | null;
  payment_token_id?: string | null;
};

/**
 * Completes session `id` with what it made, with payment_session.completed
 * (https://docs.xendit.co/apidocs/webhook-notification-sent-defined-webhook-url-updates-payment-session:
 * the event's data is the session, COMPLETED, naming payment_request_id, payment_id and
 * payment_token_id). A session that is no longer ACTIVE (completed already, cancelled, expired) is
 * left as it is: the payment still stands, as it does at the provider.
 */
export async function completeSession(
  tx: Database,
  owner: Owner,
  id: string,
  outcome: SessionOutcome,
): Promise<void> {
  const stored = await loadObject<Session>(tx, owner, 'session', id, { forUpdate: true });
  if (!stored || stored.data.status !== 'ACTIVE') return;
  const completed: Session = {
    ...stored.data,
    status: 'COMPLETED',
    payment_request_id: outcome.payment_request_id ?? stored.data.payment_request_id ?? null,
    payment_id: outcome.payment_id ?? stored.data.payment_id ?? null,
    payment_token_id: outcome.payment_token_id ?? stored.data.payment_token_id ?? null,
    updated: new Date().toISOString(),
  };
  await saveObject(tx, id, completed, stored.internal);
  await enqueueWebhook(tx, owner, 'payment_session.completed', completed);
}
