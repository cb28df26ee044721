import { describe, expect, it } from 'vitest';
import { resultPageFor } from './result-page';

describe('the result page that tells the truth', () => {
  it.each([
    ['SUCCEEDED', '/payments/success'],
    ['REFUND_SUCCEEDED', '/payments/success'],
    ['FAILED', '/payments/failure'],
    ['CANCELLED', '/payments/failure'],
    ['PENDING', '/payments/pending'],
    ['REQUIRES_ACTION', '/payments/pending'],
  ] as const)('%s belongs on %s', (status, page) => {
    expect(resultPageFor(status)).toBe(page);
  });
});
