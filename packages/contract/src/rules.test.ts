import { describe, expect, it } from 'vitest';
import {
  canBackSubscription,
  canRunNextCycle,
  isAwaitingProvider,
  isMethodAwaitingProvider,
  isRefundableLine,
  resultScreenFor,
  transactionTypesFor,
} from './rules.ts';

describe('shared rules', () => {
  it('asks each payment choice for its own channel inputs', () => {
    expect(transactionTypesFor('PAY')).toEqual(['PAY', 'ONE_TIME_PAYMENT']);
    expect(transactionTypesFor('PAY_AND_SAVE')).toEqual(['PAY_AND_SAVE']);
    expect(transactionTypesFor('SAVED_METHOD')).toEqual(['TOKENIZED_PAYMENT']);
    expect(transactionTypesFor('LINK')).toEqual(['SAVE']);
  });

  it('offers paid lines and lines whose refund failed for refund', () => {
    expect(isRefundableLine({ status: 'PAID' })).toBe(true);
    expect(isRefundableLine({ status: 'REFUND_FAILED' })).toBe(true);
    expect(isRefundableLine({ status: 'REFUND_PENDING' })).toBe(false);
    expect(isRefundableLine({ status: 'PENDING' })).toBe(false);
  });

  it('counts only open statuses as awaiting the provider', () => {
    expect(isAwaitingProvider({ status: 'PENDING' })).toBe(true);
    expect(isAwaitingProvider({ status: 'REFUND_PENDING' })).toBe(false);
    expect(isAwaitingProvider(undefined)).toBe(false);
  });

  it('counts only methods still being linked as awaiting the provider', () => {
    expect(isMethodAwaitingProvider('PENDING')).toBe(true);
    expect(isMethodAwaitingProvider('REQUIRES_ACTION')).toBe(true);
    expect(isMethodAwaitingProvider('ACTIVE')).toBe(false);
    expect(isMethodAwaitingProvider(undefined)).toBe(false);
  });

  it.each([
    ['SUCCEEDED', '/payments/success'],
    ['REFUND_PENDING', '/payments/success'],
    ['REFUND_SUCCEEDED', '/payments/success'],
    ['REFUND_FAILED', '/payments/success'],
    ['FAILED', '/payments/failure'],
    ['CANCELLED', '/payments/failure'],
    ['PENDING', '/payments/pending'],
    ['REQUIRES_ACTION', '/payments/pending'],
  ] as const)('shows a %s payment on %s', (status, screen) => {
    expect(resultScreenFor(status)).toBe(screen);
  });

  it('lets only ACTIVE cards and e-wallets back a subscription, never a direct debit', () => {
    expect(canBackSubscription({ status: 'ACTIVE', channel: 'CARDS' })).toBe(true);
    expect(canBackSubscription({ status: 'ACTIVE', channel: 'DANA' })).toBe(true);
    expect(canBackSubscription({ status: 'ACTIVE', channel: 'GRABPAY' })).toBe(true);
    expect(canBackSubscription({ status: 'PENDING', channel: 'CARDS' })).toBe(false);
    expect(canBackSubscription({ status: 'ACTIVE', channel: 'BRI_DIRECT_DEBIT' })).toBe(false);
    expect(canBackSubscription({ status: 'ACTIVE', channel: 'BPI_DIRECT_DEBIT' })).toBe(false);
  });

  it('runs a cycle now only in development, for an ACTIVE subscription with one scheduled', () => {
    const scheduled = { status: 'ACTIVE' as const, cycles: [{ status: 'SCHEDULED' as const }] };
    expect(canRunNextCycle('development', scheduled)).toBe(true);
    expect(canRunNextCycle('live', scheduled)).toBe(false);
    expect(canRunNextCycle('development', { ...scheduled, status: 'CANCELLED' })).toBe(false);
    expect(
      canRunNextCycle('development', { status: 'ACTIVE', cycles: [{ status: 'SUCCEEDED' }] }),
    ).toBe(false);
  });
});
