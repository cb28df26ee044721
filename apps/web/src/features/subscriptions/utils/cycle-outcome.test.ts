import { describe, expect, it } from 'vitest';
import { changeMethodAdvice, cycleOutcome, subscriptionEnding } from './cycle-outcome';

const date = (value: string) => `on-${value}`;
const cycle = {
  status: 'SUCCEEDED' as const,
  failure_code: null,
  failure_reason: null,
  next_attempt_date: null,
};

describe('cycleOutcome', () => {
  it('needs no words for a cycle that was paid or is still to come', () => {
    expect(cycleOutcome(cycle, date)).toEqual({ reason: null, next: null });
    expect(cycleOutcome({ ...cycle, status: 'SCHEDULED' }, date)).toEqual({
      reason: null,
      next: null,
    });
  });

  it('says why a failed cycle was not paid and that the method can be changed', () => {
    const outcome = cycleOutcome(
      { ...cycle, status: 'FAILED', failure_code: 'INSUFFICIENT_BALANCE' },
      date,
    );
    expect(outcome.reason).toBe('There was not enough money in the account or wallet.');
    expect(outcome.next).toContain('This cycle was not paid.');
    expect(outcome.next).toContain(changeMethodAdvice);
  });

  it("prefers the store's own words for the failure when it sent them", () => {
    const outcome = cycleOutcome(
      { ...cycle, status: 'FAILED', failure_code: 'X', failure_reason: 'The bank said no.' },
      date,
    );
    expect(outcome.reason).toBe('The bank said no.');
  });

  it('says when a retrying cycle is tried again', () => {
    const outcome = cycleOutcome(
      {
        ...cycle,
        status: 'RETRYING',
        failure_code: 'ACCOUNT_ACCESS_BLOCKED',
        next_attempt_date: '2026-12-01T00:00:00Z',
      },
      date,
    );
    expect(outcome.reason).toBe('The account or wallet is blocked and cannot pay.');
    expect(outcome.next).toContain('tried again on on-2026-12-01T00:00:00Z.');
  });
});

describe('subscriptionEnding', () => {
  it('says nothing for a running or cancelled subscription', () => {
    expect(subscriptionEnding({ status: 'ACTIVE', failure_code: null })).toBeNull();
    expect(subscriptionEnding({ status: 'CANCELLED', failure_code: null })).toBeNull();
  });

  it('says a plan ended by a failed cycle ended for that reason', () => {
    const words = subscriptionEnding({ status: 'INACTIVE', failure_code: 'INSUFFICIENT_BALANCE' });
    expect(words).toContain('not enough money');
    expect(words).toContain(changeMethodAdvice);
  });

  it('says a refused plan was refused, with the reason', () => {
    expect(
      subscriptionEnding({ status: 'FAILED', failure_code: 'INVALID_PAYMENT_METHOD_ID' }),
    ).toContain('did not start this subscription');
  });
});
