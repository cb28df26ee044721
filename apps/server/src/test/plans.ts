import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

// What a statement reads, from the plan PostgreSQL makes for it: for tests that a scan stays on
// its index however large the table grows (reconciler-scans.test.ts, subscription-scans.test.ts).

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
/** Custom: planned for its parameters' values; generic: for any (a prepared statement's, later). */
export type PlanCacheMode = 'force_custom_plan' | 'force_generic_plan';

let prepared = 0;

/**
 * The sequential scans and the indexes of the plan PostgreSQL makes for a query, prepared as the
 * embedded database prepares every statement and executed with its parameters: a custom plan for
 * those values, or the generic plan a prepared statement may take after five runs (EXPLAIN of the
 * query itself would always plan it for its values).
 */
export async function readsOf(
  db: Database,
  query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } },
  mode: PlanCacheMode,
) {
  const { sql: text, params } = query.toSQL();
  // PGlite and node-postgres both answer with `rows`; the plan is one JSON value.
  // A name of its own each time: a prepared statement outlives its transaction, on its connection.
  const name = `plan_check_${(prepared += 1)}`;
  const result = (await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    // EXECUTE's arguments as literals: an EXPLAIN takes no parameters of its own.
    const literals = params.map((param) =>
      typeof param === 'number'
        ? String(param)
        : `'${(param instanceof Date ? param.toISOString() : String(param)).replaceAll("'", "''")}'`,
    );
    return tx.execute(sql.raw(`explain (format json) execute ${name}(${literals.join(', ')})`));
  })) as unknown as { rows: Record<string, unknown>[] };
  const [cell] = Object.values(result.rows[0] ?? {});
  const [root] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const reads = { sequentialScans: 0, indexes: new Set<string>() };
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan') reads.sequentialScans += 1;
    if (node['Index Name']) reads.indexes.add(node['Index Name']);
    node.Plans?.forEach(walk);
  };
  walk(root!.Plan);
  return { sequentialScans: reads.sequentialScans, indexes: [...reads.indexes] };
}

export const planCacheModes: PlanCacheMode[] = ['force_custom_plan', 'force_generic_plan'];
