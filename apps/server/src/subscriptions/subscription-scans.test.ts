import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { planCacheModes, readsOf } from '../test/plans.ts';
import { stuckSubscriptions, subscriptionClaimCandidates } from './subscription-service.ts';

// The reconciler's round looks for subscription creates whose answer was lost: a few, however many
// plans the table holds (the embedded database and the PostgreSQL server, one per project).

let database: DatabaseHandle;
const now = new Date();
const unanswered = new Date(now.getTime() - 60_000);

const insertSubscriptions = (prefix: string, count: number, status: string, minutesAgo: number) =>
  database.db.execute(sql`
    insert into subscriptions (id, app_id, customer_id, product_id, product_name,
      product_image_path, payment_method_id, provider_token_id, idempotency_key, request_hash,
      amount, currency, interval, interval_count, status, created_at, updated_at)
    select ${prefix} || n, 'demo-id', 'cus_plans', 'id-ceramic-mug', 'Ceramic mug', '/mug.png',
      'pm_plans', 'token', ${prefix} || n, 'hash', 89000, 'IDR', 'MONTH', 1, ${status},
      now() - make_interval(mins => ${minutesAgo}), now() - make_interval(mins => ${minutesAgo})
    from generate_series(1, ${count}) as n`);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    insert into customers (id, app_id, identity_issuer, identity_subject, email)
    values ('cus_plans', 'demo-id', 'plans', 'plans', 'plans@example.com')`);
  await database.db.execute(sql`
    insert into payment_methods (id, app_id, customer_id, channel_code, country, reference_id, status)
    values ('pm_plans', 'demo-id', 'cus_plans', 'CARDS', 'ID', 'pm_plans', 'ACTIVE')`);
  await insertSubscriptions('active_', 3_000, 'ACTIVE', 600);
  await insertSubscriptions('cancelled_', 3_000, 'CANCELLED', 600);
  await insertSubscriptions('stuck_', 2, 'CREATING', 5);
  // Still within the provider's time to answer.
  await insertSubscriptions('creating_', 1, 'CREATING', 0);
  await database.db.execute(sql`analyze subscriptions`);
});
afterAll(() => database?.close());

describe('the reconciler’s scan of subscriptions', () => {
  it('finds the creates left unanswered, and only them', async () => {
    const rows = await subscriptionClaimCandidates(
      database.db,
      stuckSubscriptions(unanswered),
      now,
    );
    expect(rows.map((row) => row.id).sort()).toEqual(['stuck_1', 'stuck_2']);
  });

  it.each(planCacheModes)('reads them on their own index alone (%s)', async (mode) => {
    // With the status bound as a parameter, a generic plan could not use the partial index.
    expect(
      await readsOf(
        database.db,
        subscriptionClaimCandidates(database.db, stuckSubscriptions(unanswered), now),
        mode,
      ),
    ).toEqual({ sequentialScans: 0, indexes: ['subscriptions_creating'] });
  });
});
