import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
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
  await insertPayments('stuck_', 2, {
    status: 'CREATING',
    requestId: false,
    sessionId: false,
    minutesAgo: 5,
  });
  await database.db.execute(sql`analyze payments`);
});
afterAll(() => database?.close());

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

/** Every node of the plan PostgreSQL makes for a query, flattened. */
async function planOf(query: SQLWrapper): Promise<PlanNode[]> {
  // PGlite and node-postgres both answer with `rows`; the plan is one JSON value.
  const result = (await database.db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const [cell] = Object.values(result.rows[0] ?? {});
  const [root] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(root!.Plan);
  return nodes;
}

const scansOf = (nodes: PlanNode[]) =>
  nodes
    .filter((node) => node['Node Type'].includes('Scan'))
    .map((node) => `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);

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

  it('reads the payments awaiting the provider on their own index, not the settled ones', async () => {
    // Before 0015 the index held only payments with a request id, which the scan's predicate (a
    // request id or a session id) does not imply: a sequential scan of the table, or the index
    // of every hosted-checkout session ever made beside it.
    const scans = scansOf(
      await planOf(claimCandidates(database.db, now, quietPayments(quietSince))),
    );
    expect(scans).toEqual(['Index Scan on payments_awaiting_provider']);
  });

  it('reads the creates left unanswered on their own index', async () => {
    const scans = scansOf(
      await planOf(claimCandidates(database.db, now, stuckCreates(quietSince))),
    );
    expect(scans).toEqual(['Index Scan on payments_creating']);
  });
});
