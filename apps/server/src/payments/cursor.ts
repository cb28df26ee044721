import { AppError } from '../http/app-error.ts';
import type { PageRow } from './payment-view.ts';

/**
 * The payments list's cursor: the exact UTC created_at of the last payment of a page, then its
 * id, so that payments created within one millisecond are neither skipped nor repeated.
 */
export function encodeCursor({ payment, exactCreatedAt }: PageRow): string {
  return Buffer.from(`${exactCreatedAt}|${payment.id}`).toString('base64url');
}

/** A cursor as encodeCursor makes it: the exact UTC created_at, then the payment id. */
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
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const fields = cursorPattern.exec(Buffer.from(cursor, 'base64url').toString('utf8'))?.groups;
  if (!fields?.createdAt || !fields.seconds || !fields.id || !isRealTime(fields.seconds)) {
    throw new AppError(400, 'API_VALIDATION_ERROR', 'cursor is not valid');
  }
  return { createdAt: fields.createdAt, id: fields.id };
}
