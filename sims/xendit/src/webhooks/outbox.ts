import type { RecurringWebhookEventName, WebhookEventName } from '@store/xendit';
import type { Owner } from '../accounts.ts';
import type { Database } from '../db/database.ts';
import { webhookEvents } from '../db/schema.ts';
import { newWebhookEventId } from '../ids.ts';
import { withoutUndefined } from '../objects.ts';

/**
 * Events the provider sends that the shared wire schemas (what the store reads) leave out:
 * a refused forced cycle attempt (docs.xendit.co/apidocs/subscription-webhook).
 */
export type ExtraWebhookEventName = 'recurring.cycle.force_attempt_failed';

/**
 * Records a webhook event in the outbox. Call it inside the transaction that makes the state change,
 * so that a change is never committed without its event (nor an event without its change).
 */
export async function enqueueWebhook(
  db: Database,
  owner: Owner,
  event: WebhookEventName | RecurringWebhookEventName | ExtraWebhookEventName,
  data: object,
): Promise<void> {
  const now = new Date();
  await db.insert(webhookEvents).values({
    id: newWebhookEventId(),
    businessId: owner.businessId,
    mode: owner.mode,
    event,
    payload: {
      event,
      business_id: owner.businessId,
      created: now.toISOString(),
      data: withoutUndefined(data),
      api_version: 'v3',
    },
    status: 'PENDING',
    nextAttemptAt: now,
  });
}
