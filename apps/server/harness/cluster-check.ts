import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Create } from './cluster-load.ts';
import { providerPaymentRequests } from './helpers.ts';

// The final check of the cluster run: once the store has settled, every payment the client
// created is found exactly once in the store's database and at the provider, and every refund the
// store acknowledged exactly once. A payment is lost when it is missing or still unsettled.

export interface CheckResult {
  lost: number;
  duplicated: number;
  /** What was lost or duplicated, one line each. */
  problems: string[];
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

export async function checkEveryPayment(
  databaseUrl: string,
  xenditUrl: string,
  creates: Create[],
  refundedPayments: Set<string>,
  settleTimeoutMs: number,
): Promise<CheckResult> {
  // Settled: nothing left CREATING, and every paid payment past waiting for the provider.
  const store = new pg.Client({ connectionString: databaseUrl });
  await store.connect();
  const open = async () =>
    (
      await store.query<{ count: string }>(
        `SELECT count(*) FROM payments WHERE status IN ('CREATING', 'PENDING')
           OR (status = 'REQUIRES_ACTION' AND id = ANY($1))
           OR status = 'REFUND_PENDING'`,
        [creates.filter((c) => c.simulated).map((c) => c.paymentId)],
      )
    ).rows[0]?.count;
  const settleBy = Date.now() + settleTimeoutMs;
  while ((await open()) !== '0' && Date.now() < settleBy) await sleep(250);

  const rows = (
    await store.query<{ idempotency_key: string; id: string; status: string }>(
      'SELECT idempotency_key, id, status FROM payments',
    )
  ).rows;
  const refundCounts = (
    await store.query<{ payment_id: string; count: string }>(
      'SELECT payment_id, count(*) FROM refunds GROUP BY payment_id',
    )
  ).rows;
  await store.end();
  const provider = await providerPaymentRequests(xenditUrl);

  let lost = 0;
  let duplicated = 0;
  const problems: string[] = [];
  const byKey = groupBy(rows, (row) => row.idempotency_key);
  const byReference = groupBy(provider, (record) => record.reference_id);
  for (const create of creates) {
    const stored = byKey.get(create.key) ?? [];
    const settled = stored.every(
      (row) =>
        row.status !== 'CREATING' &&
        row.status !== 'PENDING' &&
        !(create.simulated && row.status === 'REQUIRES_ACTION'),
    );
    if (stored.length === 0 || !create.paymentId || !settled) {
      lost += 1;
      problems.push(`lost ${create.key}: ${JSON.stringify(stored)}`);
    }
    const atProvider = stored.flatMap((row) => byReference.get(row.id) ?? []);
    if (stored.length > 1 || atProvider.length > 1) {
      duplicated += 1;
      problems.push(
        `duplicated ${create.key}: ${stored.length} stored, ${atProvider.length} at the provider`,
      );
    }
  }
  const refundsOf = new Map(refundCounts.map((row) => [row.payment_id, Number(row.count)]));
  for (const paymentId of refundedPayments) {
    if (!refundsOf.get(paymentId)) {
      lost += 1;
      problems.push(`lost the acknowledged refund of ${paymentId}`);
    }
  }
  for (const { payment_id: paymentId, count } of refundCounts) {
    if (Number(count) > 1) {
      duplicated += 1;
      problems.push(`duplicated refunds of ${paymentId}: ${count}`);
    }
  }
  return { lost, duplicated, problems };
}
