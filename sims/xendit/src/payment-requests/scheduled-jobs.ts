import type { PaymentRequest } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import { authorisationOutcome, type Outcome } from '../cards.ts';
import type { Database } from '../db/database.ts';
import { loadObject } from '../objects.ts';
import type { SimContext } from '../sim-context.ts';
import { settle } from './settle.ts';
import { expire } from './status-changes.ts';
import { requestedAmount } from './stored.ts';

// What the worker runs for a payment request, as the create call scheduled it: a later outcome
// (push approval, declined-later amount) and the expiry of a code. Each does nothing once the
// request has left REQUIRES_ACTION, since the customer or the merchant got there first.

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
      ? authorisationOutcome(requestedAmount(stored.data))
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
