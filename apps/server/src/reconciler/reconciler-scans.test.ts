import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { planCacheModes, readsOf } from '../test/plans.ts';
import { claimCandidates, quietPayments, stuckCreates } from './reconciler.ts';

// A round of the reconciler, every 30 s on every instance, reads the payments still open: a few,
// however many the table holds. These check the plans PostgreSQL makes for its two scans on a table
// of mostly settled payments (the embedded database and the PostgreSQL server, one per project).

let database: DatabaseHandle;
const now = new Date();
const quietSince = new Date(now.getTime() - 60_000);

/** Payment rows of one customer: `count` of them, their columns beside `id` and `key` given. */
const insertPayments = (
  prefix: string,
  count: number,
  columns: { status: string; requestId: boolean; sessionId: boolean; minutesAgo: number },
) =>
  database.db.execute(sql`
    insert into payments (id, app_id, customer_id, idempotency_key, request_hash, type,
      channel_code, country, currency, amount, status, provider_request_id, provider_session_id,
      created_at, updated_at)
    select ${prefix} || n, 'demo-id', 'cus_scans', ${prefix} || n, 'hash', 'PAY',
      'BCA_VIRTUAL_ACCOUNT', 'ID', 'IDR', 89000, ${columns.status},
      case when ${columns.requestId} then 'pr-' || ${prefix} || n end,
      case when ${columns.sessionId} then 'ps-' || ${prefix} || n end,
      now() - make_interval(mins => ${columns.minutesAgo}),
      now() - make_interval(mins => ${columns.minutesAgo})
    from generate_series(1, ${count}) as n`);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    insert into customers (id, app_id, identity_issuer, identity_subject, email)
    values ('cus_scans', 'demo-id', 'scans', 'scans', 'scans@example.com')`);
  // Settled payments, through a request and through the hosted checkout: what a store's table is
  // mostly made of.
  await insertPayments('settled_request_', 3_000, {
    status: 'SUCCEEDED',
    requestId: true,
    sessionId: false,
    minutesAgo: 600,
  });
  await insertPayments('settled_session_', 3_000, {
    status: 'SUCCEEDED',
    requestId: true,
    sessionId: true,
    minutesAgo: 600,
  });
  // Open: quiet for five minutes, awaiting a webhook on a request, or still on the hosted checkout
  // with a session and no request yet; and a create left unanswered.
  await insertPayments('open_request_', 4, {
    status: 'REQUIRES_ACTION',
    requestId: true,
    sessionId: false,
    minutesAgo: 5,
  });
  await insertPayments('open_session_', 3, {
    status: 'PENDING',
    requestId: false,
    sessionId: true,
    minutesAgo: 5,
  });
  // Open and quiet, but worked a moment ago by another round: not due until its next attempt.
  await insertPayments('open_later_', 1, {
    status: 'REQUIRES_ACTION',
    requestId: true,
    sessionId: false,
    minutesAgo: 5,
  });
  await database.db.execute(
    sql`update payments set next_reconcile_at = now() + interval '1 hour' where id = 'open_later_1'`,
  );
  await insertPayments('stuck_', 2, {
    status: 'CREATING',
    requestId: false,
    sessionId: false,
    minutesAgo: 5,
  });
  await database.db.execute(sql`analyze payments`);
});
afterAll(() => database?.close());

describe('the reconciler’s scans', () => {
  it('finds the open payments, through a request or on the hosted checkout, and only them', async () => {
    const ids = (await claimCandidates(database.db, now, quietPayments(quietSince))).map(
      (row) => row.id,
    );
    expect(ids.sort()).toEqual([
      'open_request_1',
      'open_request_2',
      'open_request_3',
      'open_request_4',
      'open_session_1',
      'open_session_2',
      'open_session_3',
    ]);
    const stuck = await claimCandidates(database.db, now, stuckCreates(quietSince));
    expect(stuck.map((row) => row.id).sort()).toEqual(['stuck_1', 'stuck_2']);
  });

  it.each(planCacheModes)(
    'reads the payments awaiting the provider on their own index alone (%s)',
    async (mode) => {
      // Before 0015 the index held only payments with a request id, which the scan's predicate (a
      // request id or a session id) does not imply: a sequential scan of the table, or the index
      // of every hosted-checkout session ever made beside it. With the statuses bound as
      // parameters, a generic plan could not use it either.
      expect(
        await readsOf(
          database.db,
          claimCandidates(database.db, now, quietPayments(quietSince)),
          mode,
        ),
      ).toEqual({ sequentialScans: 0, indexes: ['payments_awaiting_provider'] });
    },
  );

  it.each(planCacheModes)(
    'reads the creates left unanswered on their own index alone (%s)',
    async (mode) => {
      expect(
        await readsOf(
          database.db,
          claimCandidates(database.db, now, stuckCreates(quietSince)),
          mode,
        ),
      ).toEqual({ sequentialScans: 0, indexes: ['payments_creating'] });
    },
  );
});
