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
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = statusEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const listener of listeners.get(keyOf(event.data.app_id, event.data.customer_id)) ?? []) {
      listener(event.data);
    }
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
