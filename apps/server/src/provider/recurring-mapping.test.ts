import { describe, expect, it } from 'vitest';
import type { RecurringCycle } from '@store/xendit';
import { toProviderCycle } from './recurring-mapping.ts';

const cycle = (overrides: Partial<RecurringCycle>): RecurringCycle =>
  ({
    id: 'recy-1',
    plan_id: 'repl-1',
    cycle_number: 1,
    status: 'SCHEDULED',
    scheduled_timestamp: '2026-12-07T12:00:00.000Z',
    amount: 115_000,
    currency: 'IDR',
    attempt_count: 0,
    attempt_details: [],
    ...overrides,
  }) as RecurringCycle;

const attempt = (created: string, nextRetry?: string) => ({
  attempt_number: 1,
  action_number: 1,
  type: 'INITIAL' as const,
  created,
  status: 'FAILED' as const,
  failure_code: 'INSUFFICIENT_BALANCE',
  ...(nextRetry ? { next_retry_timestamp: nextRetry } : {}),
});

describe('a recurring cycle as the store records it', () => {
  it('is due when scheduled, until it is tried', () => {
    expect(toProviderCycle(cycle({}), 'IDR').scheduledAt?.toISOString()).toBe(
      '2026-12-07T12:00:00.000Z',
    );
  });

  it('fell due at its first attempt once the provider moved its schedule to the retry', () => {
    const retrying = toProviderCycle(
      cycle({
        status: 'RETRYING',
        // The provider's scheduled_timestamp follows the retry.
        scheduled_timestamp: '2026-12-08T12:00:05.000Z',
        attempt_count: 1,
        attempt_details: [attempt('2026-12-07T12:00:05.000Z', '2026-12-08T12:00:05.000Z')],
      }),
      'IDR',
    );
    expect(retrying.scheduledAt?.toISOString()).toBe('2026-12-07T12:00:05.000Z');
    expect(retrying.nextAttemptAt?.toISOString()).toBe('2026-12-08T12:00:05.000Z');
  });

  it('keeps its date when charged early by a forced attempt, not retried', () => {
    const forced = toProviderCycle(
      cycle({
        status: 'SUCCEEDED',
        attempt_count: 1,
        attempt_details: [
          { ...attempt('2026-11-20T08:00:00.000Z'), type: 'FORCED', status: 'SUCCEEDED' },
        ],
      }),
      'IDR',
    );
    expect(forced.scheduledAt?.toISOString()).toBe('2026-12-07T12:00:00.000Z');
  });
});
