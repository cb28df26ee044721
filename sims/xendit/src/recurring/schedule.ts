import type { RecurringSchedule } from '@store/xendit';
import { ApiError } from '../api-error.ts';

export const DAY_MS = 86_400_000;

const DAYS = { DAY: 1, WEEK: 7 } as const;

/**
 * When the cycle `steps` intervals after `from` is due. A real MONTH is a calendar month (the
 * anchor's day of the month, which the provider keeps between 1 and 28); with shortened days
 * (tests) a month is 30 of them.
 */
export function after(
  from: Date,
  interval: RecurringSchedule['interval'],
  count: number,
  dayMs: number,
): Date {
  if (interval === 'MONTH') {
    if (dayMs !== DAY_MS) return new Date(from.getTime() + 30 * count * dayMs);
    const next = new Date(from);
    next.setUTCMonth(next.getUTCMonth() + count);
    return next;
  }
  return new Date(from.getTime() + DAYS[interval] * count * dayMs);
}

/** The wait before a failed cycle's next attempt: retry_interval_count DAYs (the only unit). */
export const retryDelayMs = (schedule: RecurringSchedule, dayMs: number) =>
  (schedule.retry_interval_count ?? 1) * dayMs;

/**
 * The schedule's anchor as the provider keeps it: "Timestamps between 1st and 28th of a month. If
 * set to 29–31, defaults to 1st of the next month" (PATCH /recurring/schedules/{id} in the
 * description); none means now.
 */
export function anchorOf(anchorDate: string | undefined, now: Date): Date {
  if (anchorDate === undefined) return now;
  const anchor = new Date(anchorDate);
  if (anchor.getUTCDate() > 28) {
    anchor.setUTCMonth(anchor.getUTCMonth() + 1, 1);
  }
  return anchor;
}

/** The rule the description's own 400 example states for failed_attempt_notifications. */
export function checkSchedule(
  schedule: Pick<RecurringSchedule, 'failed_attempt_notifications' | 'total_retry'>,
  path: string,
) {
  const notifications = schedule.failed_attempt_notifications ?? [];
  const totalRetry = schedule.total_retry ?? 0;
  if (
    new Set(notifications).size !== notifications.length ||
    notifications.some((attempt) => attempt > totalRetry)
  ) {
    // The message of the description's own example (PATCH /recurring/schedules/{id}, 400).
    const message =
      'Values in failed_attempt_notifications array cannot be duplicated or greater than total_retry.';
    throw new ApiError(400, 'API_VALIDATION_ERROR', message, [
      { path: `${path}failed_attempt_notifications`, message },
    ]);
  }
}
