import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  awaitingProviderStatuses,
  methodAwaitingProviderStatuses,
  refundableLineStatuses as sharedRefundable,
  refundablePaymentStatuses,
} from '@store/contract';
import { canMoveLine, lineStatusFor, refundableLineStatuses } from './order-line-status.ts';
import { methodAwaitsProvider, type StoredPaymentMethodStatus } from './payment-method-status.ts';
import {
  awaitsProvider,
  canMovePayment,
  isRefundablePayment,
  paymentStatusFromLines,
  paymentStatusesFrom,
  statusesReadFromProvider,
} from './payment-status.ts';
import { canMoveRefund } from './refund-status.ts';
import { canMoveCycle, isCycleOpen } from './subscription-cycle-status.ts';
import {
  canCancelSubscription,
  canMoveSubscription,
  subscriptionStatusesReadFromProvider,
} from './subscription-status.ts';
import { findStatusWrites } from '../test/status-writes.ts';

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

  it('lets a refund start from exactly the payment statuses the contract calls refundable', () => {
    const refundStarts = paymentStatusesFrom('REFUND_PENDING', 'refund');
    expect([...refundStarts].sort()).toEqual([...refundablePaymentStatuses].sort());
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

describe('the subscription and cycle state machines', () => {
  it('lets the provider activate and end a plan once, and the customer cancel it for good', () => {
    expect(canMoveSubscription('CREATING', 'PENDING')).toBe(true);
    expect(canMoveSubscription('PENDING', 'ACTIVE')).toBe(true);
    expect(canMoveSubscription('ACTIVE', 'INACTIVE')).toBe(true);
    expect(canMoveSubscription('ACTIVE', 'CANCELLED')).toBe(true);
    // A late activation cannot bring an ended or cancelled plan back, nor a refusal fail a plan.
    expect(canMoveSubscription('INACTIVE', 'ACTIVE')).toBe(false);
    expect(canMoveSubscription('CANCELLED', 'INACTIVE')).toBe(false);
    expect(canMoveSubscription('ACTIVE', 'PENDING')).toBe(false);
    expect(canMoveSubscription('ACTIVE', 'FAILED')).toBe(false);
    expect(canMoveSubscription('CREATING', 'FAILED')).toBe(true);
  });

  it('reads from the provider, and lets the customer cancel, only a plan that has not ended', () => {
    expect([...subscriptionStatusesReadFromProvider].sort()).toEqual(['ACTIVE', 'PENDING']);
    for (const status of ['INACTIVE', 'CANCELLED', 'FAILED'] as const) {
      expect(canCancelSubscription(status)).toBe(false);
    }
    expect(canCancelSubscription('ACTIVE')).toBe(true);
    // A plan whose create is unanswered has nothing at the provider to deactivate yet.
    expect(canCancelSubscription('CREATING')).toBe(false);
  });

  it('retries a cycle as often as the provider says, and ends it once', () => {
    expect(canMoveCycle('SCHEDULED', 'RETRYING')).toBe(true);
    expect(canMoveCycle('RETRYING', 'RETRYING')).toBe(true);
    expect(canMoveCycle('RETRYING', 'SUCCEEDED')).toBe(true);
    expect(canMoveCycle('SUCCEEDED', 'RETRYING')).toBe(false);
    expect(canMoveCycle('FAILED', 'SUCCEEDED')).toBe(false);
    expect(canMoveCycle('CANCELLED', 'SCHEDULED')).toBe(false);
    expect(['SCHEDULED', 'PENDING', 'RETRYING'].every(isCycleOpen)).toBe(true);
    expect(['SUCCEEDED', 'FAILED', 'CANCELLED'].some(isCycleOpen)).toBe(false);
  });
});

describe('the payment status its lines make', () => {
  it('waits while a line is in a refund, then shows how the refunds ended', () => {
    expect(paymentStatusFromLines(['PAID', 'REFUND_PENDING'], 'SUCCEEDED')).toBe('REFUND_PENDING');
    expect(paymentStatusFromLines(['PAID', 'REFUND_SUCCEEDED'], 'SUCCEEDED')).toBe(
      'REFUND_SUCCEEDED',
    );
    // The latest refund failed, an earlier one succeeded: the failure is the news.
    expect(paymentStatusFromLines(['REFUND_SUCCEEDED', 'REFUND_FAILED'], 'FAILED')).toBe(
      'REFUND_FAILED',
    );
    expect(paymentStatusFromLines(['REFUND_SUCCEEDED', 'PAID'], 'FAILED')).toBe('REFUND_SUCCEEDED');
    // Every refund rolled back: paid again.
    expect(paymentStatusFromLines(['PAID', 'PAID'], 'FAILED')).toBe('SUCCEEDED');
  });

  it('reads from the provider exactly the open payments whose create it answered', () => {
    expect([...statusesReadFromProvider].sort()).toEqual([...awaitingProviderStatuses].sort());
    expect(refundablePaymentStatuses.every(isRefundablePayment)).toBe(true);
    expect(isRefundablePayment('PENDING')).toBe(false);
  });
});

describe('the payment method state machine', () => {
  it('awaits the provider in the statuses the contract names, and while creating', () => {
    const all: StoredPaymentMethodStatus[] = [
      'CREATING',
      'REQUIRES_ACTION',
      'PENDING',
      'ACTIVE',
      'FAILED',
      'EXPIRED',
      'CANCELED',
    ];
    expect(all.filter(methodAwaitsProvider).sort()).toEqual(
      ['CREATING', ...methodAwaitingProviderStatuses].sort(),
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

describe('status writes', () => {
  it.each([
    ['a literal', "tx.update(payments).set({ status: 'FAILED' })"],
    ['a variable', 'db.update(refunds).set(changes).where(eq(refunds.id, id))'],
    ['a spread', 'db.update(paymentMethods).set({ ...changes, updatedAt: now })'],
    ['nested braces', "db.update(payments).set({ actions: { list: [] }, status: 'PAID' })"],
    ['a shorthand', 'db.update(paymentLines).set({ status })'],
    ['a schema path', "db.update(schema.cardSessions).set({ 'status': to })"],
    [
      'an upsert',
      'db.insert(payments).values(row).onConflictDoUpdate({ target: payments.id, set: { status } })',
    ],
    [
      'an upsert of a variable',
      'db.insert(refunds).values(row).onConflictDoUpdate({ target, set })',
    ],
    ['raw SQL', "db.execute(sql`update payments set status = 'FAILED' where id = ${id}`)"],
    [
      'interpolated SQL',
      'db.execute(sql`UPDATE ${paymentLines} SET ${paymentLines.status} = ${to} WHERE true`)',
    ],
    [
      'quoted SQL in a string',
      'client.query(\'update "payment_methods" set "status" = $1\', [to])',
    ],
    [
      'an SQL upsert',
      'sql`insert into refunds (id, status) values (${id}, ${to}) on conflict (id) do update set status = excluded.status`',
    ],
  ])('are found in %s', (_name, snippet) => {
    expect(findStatusWrites(snippet)).toHaveLength(1);
  });

  it.each([
    ['another column', 'db.update(payments).set({ providerReadAt: now })'],
    ['another table', 'db.update(customers).set(changes)'],
    ['a status read', 'db.select({ status: payments.status }).from(payments)'],
    [
      'an upsert of other columns',
      'db.insert(payments).values(row).onConflictDoUpdate({ set: { amount } })',
    ],
    ['SQL reading a status', "sql`select status from payments where status = 'PAID'`"],
  ])('are not claimed in %s', (_name, snippet) => {
    expect(findStatusWrites(snippet)).toEqual([]);
  });

  it('happen in the state machines only', () => {
    const root = join(import.meta.dirname, '..');
    const writes = sources(root).flatMap((path) =>
      findStatusWrites(readFileSync(path, 'utf8'), path).map(
        (write) => `${relative(root, path)}:${write.line} ${write.text}`,
      ),
    );
    expect(writes.filter((write) => !write.startsWith('statuses/'))).toEqual([]);
    expect(writes.length).toBeGreaterThan(0);
  });
});
