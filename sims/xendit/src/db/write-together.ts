import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * Runs writes (inserts, updates, without RETURNING) as one statement, the first ones as
 * data-modifying WITH clauses of the last: all of them or none take effect, without a
 * transaction around them, for the price of one statement (on PGlite, each statement costs
 * about as much CPU as the rest of an API call).
 */
export async function writeTogether(db: Database, writes: readonly SQLWrapper[]): Promise<void> {
  // The statements' own SQL: embedded as they are, drizzle would put them in parentheses, which
  // PostgreSQL takes around a SELECT only.
  const statements = writes.map((write) => write.getSQL());
  const last = statements.pop();
  if (!last) return;
  const clauses = statements.map(
    (statement, index) => sql`${sql.raw(`w${index}`)} as (${statement})`,
  );
  await db.execute(clauses.length > 0 ? sql`with ${sql.join(clauses, sql`, `)} ${last}` : last);
}
