import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllAgain, statusEventBursts } from './use-live-statuses';

const event = { app_id: 'demo-id', customer_id: 'cus_1' } as const;

/**
 * A screen's query whose first read is held until `release`, as a slow answer is: it reads the
 * server's `state` when it begins, like a request that reached the server before the change.
 */
function heldFirstRead(queryClient: QueryClient, queryKey: readonly string[]) {
  const server = { state: 'before the change' };
  const reads: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      const seen = server.state;
      reads.push(seen);
      if (reads.length === 1) await held;
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { server, reads, release, unsubscribe };
}

describe('live statuses', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  it.each([
    [
      'a subscription',
      ['subscriptions', 'detail', 'sub_1'],
      { ...event, kind: 'subscription', id: 'sub_1' },
    ],
    ['a payment', ['payments', 'detail', 'pay_1'], { ...event, kind: 'payment', id: 'pay_1' }],
    [
      'a refund',
      ['payments', 'detail', 'pay_1'],
      { ...event, kind: 'refund', id: 'ref_1', payment_id: 'pay_1' },
    ],
    [
      'a payment method',
      ['payment-methods', 'list'],
      { ...event, kind: 'payment_method', id: 'pm_1' },
    ],
  ] as const)(
    'reads %s again when it changes while the first read of its screen is under way',
    async (_, queryKey, change) => {
      queryClient = new QueryClient();
      const screen = heldFirstRead(queryClient, queryKey);
      await expect.poll(() => screen.reads.length).toBe(1);
      screen.server.state = 'after the change';
      const bursts = statusEventBursts(queryClient, 0);
      bursts.add(change);
      // The read under way is not waited for: one begins after the change.
      await expect.poll(() => screen.reads).toEqual(['before the change', 'after the change']);
      screen.release();
      await expect.poll(() => queryClient.getQueryData(queryKey)).toBe('after the change');
      bursts.stop();
      screen.unsubscribe();
    },
  );

  it('reads a payment once for a burst of its changes', async () => {
    queryClient = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['payments', 'detail', 'pay_1'],
      queryFn: () => ++reads,
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => queryClient.getQueryData(['payments', 'detail', 'pay_1'])).toBe(1);
    const bursts = statusEventBursts(queryClient, 20);
    bursts.add({ ...event, kind: 'payment', id: 'pay_1' });
    bursts.add({ ...event, kind: 'refund', id: 'ref_1', payment_id: 'pay_1' });
    bursts.add({ ...event, kind: 'payment', id: 'pay_1' });
    await expect.poll(() => queryClient.getQueryData(['payments', 'detail', 'pay_1'])).toBe(2);
    // No read is owed any more: what would come after the burst's (a read per change) would
    // come at once, so a few window lengths without one show there is none.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(reads).toBe(2);
    bursts.stop();
    unsubscribe();
  });

  it('reads what is under way again on reconnecting, and leaves the catalogue be', async () => {
    queryClient = new QueryClient();
    const screen = heldFirstRead(queryClient, ['subscriptions', 'list']);
    const other = heldFirstRead(queryClient, ['products', 'list']);
    await expect.poll(() => screen.reads.length + other.reads.length).toBe(2);
    screen.server.state = other.server.state = 'after the change';
    const applied = readAllAgain(queryClient);
    screen.release();
    other.release();
    await applied;
    await expect
      .poll(() => queryClient.getQueryData(['subscriptions', 'list']))
      .toBe('after the change');
    // The catalogue is no status: the feed does not read it again.
    expect(queryClient.getQueryData(['products', 'list'])).toBe('before the change');
    screen.unsubscribe();
    other.unsubscribe();
  });
});
