import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './app-error.ts';

/**
 * Where a page of a list, newest first, starts: after the row with this exact UTC created_at and
 * id, so that rows created within one millisecond are neither skipped nor repeated.
 */
export interface PagePosition {
  createdAt: string;
  id: string;
}

/**
 * A created_at to the microsecond, in UTC ISO form (2026-01-01T00:00:00.123456Z). A Date keeps
 * only milliseconds, and a page cursor cut to them would start the next page before rows made
 * later in the same millisecond, skipping them.
 */
export const exactTime = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows of a list, newest first, that come after `position`. */
export const rowsAfter = (createdAt: AnyColumn, id: AnyColumn, position: PagePosition): SQL =>
  sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${position.id})`;

/** The cursor of the page after the row `last`: its exact created_at, then its id. */
export function encodeCursor(last: PagePosition): string {
  return Buffer.from(`${last.createdAt}|${last.id}`).toString('base64url');
}

/** A cursor as encodeCursor makes it: the exact UTC created_at, then the row's id. */
const cursorPattern =
  /^(?<createdAt>(?<seconds>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{1,6}Z)\|(?<id>\w+)$/;

/**
 * Whether a time to the second names a moment PostgreSQL accepts: the pattern lets through a
 * 30 February or a year 0, which it refuses.
 */
function isRealTime(seconds: string): boolean {
  const date = new Date(`${seconds}Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() > 0 &&
    date.toISOString().slice(0, 19) === seconds
  );
}

/** The page start a cursor names; a cursor comes from the client, so it is checked as input. */
export function decodeCursor(cursor: string): PagePosition {
  const fields = cursorPattern.exec(Buffer.from(cursor, 'base64url').toString('utf8'))?.groups;
  if (!fields?.createdAt || !fields.seconds || !fields.id || !isRealTime(fields.seconds)) {
    throw new AppError(400, 'API_VALIDATION_ERROR', 'cursor is not valid');
  }
  return { createdAt: fields.createdAt, id: fields.id };
}

/**
 * A page of `limit` rows read as `limit + 1` (`rows`): the page, and the next page's cursor when
 * the extra row says there is one.
 */
export function pageOf<Row>(
  rows: Row[],
  limit: number,
  startOf: (row: Row) => PagePosition,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(startOf(last)) : null,
  };
}
