import type { Owner } from './accounts.ts';
import type { Database } from './db/database.ts';
import { scheduledJobs } from './db/schema.ts';

/** Later state changes; each kind has one runner (see worker.ts). */
export type JobKind =
  | 'payment_request.outcome'
  | 'payment_request.expire'
  | 'refund.settle'
  | 'session.expire'
  | 'recurring.plan.activate'
  | 'recurring.cycle.attempt';

/** The insert of a job, not yet run (see writeTogether). */
export function jobInsert(
  db: Database,
  owner: Owner,
  kind: JobKind,
  targetId: string,
  delayMs: number,
  payload: Record<string, unknown> = {},
) {
  return db.insert(scheduledJobs).values({
    kind,
    businessId: owner.businessId,
    mode: owner.mode,
    targetId,
    payload,
    runAt: new Date(Date.now() + delayMs),
  });
}

export async function scheduleJob(
  db: Database,
  owner: Owner,
  kind: JobKind,
  targetId: string,
  delayMs: number,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await jobInsert(db, owner, kind, targetId, delayMs, payload);
}
