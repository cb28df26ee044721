import { sql } from 'drizzle-orm';
import type { StatusEvent } from '@store/contract';
import type { Database } from '../db/database.ts';

/** The channel every status change is announced on (drizzle/0004_status_events.sql). */
export const statusChannel = 'store_status';

/**
 * Every status change is announced by the triggers of drizzle/0004_status_events.sql, with
 * pg_notify in the transaction that made it, whatever code path wrote it. PostgreSQL serialises
 * every committing transaction that has notified, on one lock for the whole server held until
 * its commit is on disk (PreCommit_Notify in src/backend/commands/async.c: "Serialize writers by
 * acquiring a special lock that we hold till after commit"). The provider's answer to a create is
 * such a change, one every create makes, so every create's answer waited for the flush of every
 * other's, whichever instance made it: with two store instances on one server, a fifth of the
 * waits sampled in pg_stat_activity were on that lock (`Lock:object`; README, Performance).
 *
 * A statement that selects this (as a CTE it reads) has the triggers announce none of its
 * changes, for the rest of its transaction only; whoever runs it announces them once the
 * transaction has committed, with announceCommitted.
 */
export const announcedAfterCommit = sql`set_config('store.announced_after_commit', 'on', true)`;

/** How long changes announced after their commit wait to be sent together. */
const announcementBatchMs = 5;

/**
 * Announces status changes already committed, in a transaction of their own: those announced
 * within announcementBatchMs of the first in one statement, so that under load a create's share
 * of it is a fraction of a statement. It writes nothing PostgreSQL keeps (RecordTransactionCommit
 * in xact.c: a transaction that wrote no WAL before its commit record does not wait for a flush),
 * so the serialising lock is held for microseconds. Sent after the commit, a change is announced
 * after it can be read, as a trigger's is; a process killed in between announces nothing, as
 * when a LISTEN connection drops: the feed is a hint to read again, and every client reads afresh
 * whenever it (re)connects. A statement the database refuses is dropped for the same reason.
 */
export function createStatusAnnouncer(db: Database) {
  const announce = db
    .select({ sent: sql`pg_notify(${statusChannel}, payload)` })
    .from(sql`json_array_elements_text(${sql.placeholder('payloads')}::json) as payload`)
    .prepare('status_announce');
  return announcementBatches((payloads) => announce.execute({ payloads }));
}

/**
 * The batching of createStatusAnnouncer, given how a batch (a JSON array of payloads) is sent.
 * One batch is sent at a time, in the order announced; what is announced meanwhile goes in the
 * next, whole, so a statement slow to run (behind a busy pool) makes the batches larger, not
 * more of them waiting in line.
 */
export function announcementBatches(send: (payloads: string) => Promise<unknown>) {
  let pending: string[] = [];
  let sending: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  function sendPending(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (sending || pending.length === 0) return;
    const payloads = JSON.stringify(pending);
    pending = [];
    sending = Promise.resolve()
      .then(() => send(payloads))
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        sending = null;
        sendPending();
      });
  }

  return {
    /** Announces these changes, committed, within announcementBatchMs or after the batch sent. */
    announceCommitted(events: readonly StatusEvent[]): void {
      if (events.length === 0) return;
      for (const event of events) pending.push(JSON.stringify(event));
      if (!sending && !timer) timer = setTimeout(sendPending, announcementBatchMs).unref();
    },
    /** Sends what is announced now, without its wait; resolves once nothing is left to send. */
    async sendAll(): Promise<void> {
      sendPending();
      // Each batch, as it ends, starts the next with what came meanwhile.
      while (sending) await sending;
    },
  };
}
