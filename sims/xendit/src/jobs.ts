import type { Owner } from './accounts.ts';
import type { Database } from './db/database.ts';
import { scheduledJobs } from './db/schema.ts';

/** Later state changes; each kind has one runner (see worker.ts). */
export type JobKind = 'payment_request.outcome' | 'payment_request.expire' | 'refund.settle';

export async function scheduleJob(
  db: Database,
  owner: Owner,
  kind: JobKind,
  targetId: string,
  delayMs: number,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(scheduledJobs).values({
    kind,
    businessId: owner.businessId,
    mode: owner.mode,
    targetId,
    payload,
    runAt: new Date(Date.now() + delayMs),
  });
}
