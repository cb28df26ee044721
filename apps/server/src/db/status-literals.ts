import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `column in ('A', 'B')` with the statuses written into the statement, not bound: a partial index
 * serves a scan only when its predicate is implied by the scan's, which PostgreSQL cannot prove of
 * a parameter in a generic plan, and PGlite keeps every statement prepared, so a scan run every
 * round of the reconciler may get one after five runs (reconciler-scans.test.ts). For the state
 * machines' own names only, never input; anything else is refused.
 */
export function statusIn(column: SQLWrapper, statuses: readonly string[]): SQL {
  for (const status of statuses) {
    if (!/^[A-Z_]+$/.test(status)) throw new Error(`not a status name: ${status}`);
  }
  return sql`${column} in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))})`;
}
