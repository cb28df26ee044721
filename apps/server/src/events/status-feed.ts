import { statusEventSchema, type StatusEvent } from '@store/contract';
import type { DatabaseHandle } from '../db/database.ts';
import { statusChannel } from '../statuses/status-announcements.ts';

export type StatusListener = (event: StatusEvent) => void;

export interface StatusFeed {
  /** Starts LISTENing; notifications before this are not heard. */
  start(): Promise<void>;
  /** Hears the status changes of one customer of one app, from every instance. */
  subscribe(appId: string, customerId: string, listener: StatusListener): () => void;
  /** Open subscriptions in this instance (each open stream holds one). */
  subscriptionCount(): number;
  stop(): Promise<void>;
}

/**
 * Fans the database's status notifications out to this instance's subscribers, by app and
 * customer: a notification reaches only the listeners of the customer it names.
 */
export function createStatusFeed(listen: DatabaseHandle['listen']): StatusFeed {
  const listeners = new Map<string, Set<StatusListener>>();
  let unlisten: (() => Promise<void>) | null = null;
  const keyOf = (appId: string, customerId: string) => `${appId}\u0000${customerId}`;

  function dispatch(payload: string): void {
    // Every instance hears every change of every customer, one or more a payment create: most
    // name a customer with no stream open here, and are read no further than that.
    if (listeners.size === 0) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const named = parsed as { app_id?: unknown; customer_id?: unknown } | null;
    const key = keyOf(String(named?.app_id), String(named?.customer_id));
    const subscribed = listeners.get(key);
    if (!subscribed) return;
    const event = statusEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const listener of subscribed) listener(event.data);
  }

  return {
    async start() {
      unlisten ??= await listen(statusChannel, dispatch);
    },
    subscribe(appId, customerId, listener) {
      const key = keyOf(appId, customerId);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    subscriptionCount() {
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
      listeners.clear();
    },
  };
}
