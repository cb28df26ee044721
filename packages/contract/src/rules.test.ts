import { describe, expect, it } from 'vitest';
import {
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
});
