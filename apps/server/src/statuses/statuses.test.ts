import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  awaitingProviderStatuses,
  refundableLineStatuses as sharedRefundable,
} from '@store/contract';
import { canMoveLine, lineStatusFor, refundableLineStatuses } from './order-line-status.ts';
import { awaitsProvider, canMovePayment, paymentStatusesFrom } from './payment-status.ts';
import { canMoveRefund } from './refund-status.ts';

describe('the payment state machine', () => {
  it('lets the provider settle a payment once, and never undo a refund', () => {
    expect(canMovePayment('REQUIRES_ACTION', 'SUCCEEDED', 'provider')).toBe(true);
    expect(canMovePayment('SUCCEEDED', 'FAILED', 'provider')).toBe(false);
    // A late payment.capture while a refund is pending must not put the payment back.
    expect(canMovePayment('REFUND_PENDING', 'SUCCEEDED', 'provider')).toBe(false);
    expect(canMovePayment('SUCCEEDED', 'REFUND_PENDING', 'provider')).toBe(false);
  });

  it('lets refunds move a paid payment, and roll one back, but never pay an order', () => {
    expect(canMovePayment('SUCCEEDED', 'REFUND_PENDING', 'refund')).toBe(true);
    expect(canMovePayment('REFUND_PENDING', 'SUCCEEDED', 'refund')).toBe(true);
    expect(canMovePayment('PENDING', 'SUCCEEDED', 'refund')).toBe(false);
    expect(canMovePayment('FAILED', 'REFUND_PENDING', 'refund')).toBe(false);
  });

  it('counts as awaiting the provider exactly the statuses the provider may still move', () => {
    const awaiting = paymentStatusesFrom('SUCCEEDED', 'provider').filter(
      (status) => status !== 'SUCCEEDED',
    );
    expect(awaiting.sort()).toEqual(['CREATING', 'PENDING', 'REQUIRES_ACTION']);
    expect(awaiting.every(awaitsProvider)).toBe(true);
    expect(awaitsProvider('REFUND_PENDING')).toBe(false);
    // The statuses the web app waits on, CREATING aside (the API shows it as PENDING).
    expect(awaiting.filter((status) => status !== 'CREATING').sort()).toEqual(
      [...awaitingProviderStatuses].sort(),
    );
  });
});

describe('the order line state machine', () => {
  it('offers for refund the lines a refund may take: paid, or whose refund failed', () => {
    expect([...refundableLineStatuses].sort()).toEqual(['PAID', 'REFUND_FAILED']);
    // The web app offers what the contract says; the table must agree with it.
    expect([...refundableLineStatuses].sort()).toEqual([...sharedRefundable].sort());
  });

  it('moves lines with their payment only while pending, and rolls a refund back', () => {
    expect(lineStatusFor('SUCCEEDED')).toBe('PAID');
    expect(canMoveLine('PENDING', 'PAID', 'provider')).toBe(true);
    expect(canMoveLine('REFUND_PENDING', 'PAID', 'provider')).toBe(false);
    expect(canMoveLine('REFUND_PENDING', 'PAID', 'refund')).toBe(true);
    expect(canMoveLine('REFUND_SUCCEEDED', 'REFUND_PENDING', 'refund')).toBe(false);
  });
});

describe('the refund state machine', () => {
  it('settles a refund once', () => {
    expect(canMoveRefund('PENDING', 'SUCCEEDED')).toBe(true);
    expect(canMoveRefund('FAILED', 'SUCCEEDED')).toBe(false);
    expect(canMoveRefund('SUCCEEDED', 'FAILED')).toBe(false);
  });
});

/** Every server source file, tests aside. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** An update of a table with a status that sets the status. */
const writesStatus =
  /\.update\((payments|paymentLines|paymentMethods|refunds|cardSessions)\)\s*\.set\(\s*\{[^}]*\bstatus\b/;

describe('status writes', () => {
  it('recognises a status write', () => {
    expect(writesStatus.test("tx.update(payments).set({ status: 'FAILED' })")).toBe(true);
    expect(writesStatus.test('db.update(payments).set({ providerReadAt: now })')).toBe(false);
  });

  it('happen in the state machines only', () => {
    const root = join(import.meta.dirname, '..');
    const writers = sources(root)
      .filter((path) => writesStatus.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    expect(writers.every((path) => path.startsWith('statuses/'))).toBe(true);
    expect(writers.length).toBeGreaterThan(0);
  });
});
