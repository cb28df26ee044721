import type { ApiRoute } from './routes.ts';

/**
 * The live-status feed: a Server-Sent Events stream of the signed-in customer's status changes.
 * Read it with fetch (a streamed body) to send the usual `Authorization: Bearer` header; the
 * token never goes in the URL. Each change is one `event: status` whose data is a
 * `StatusEvent` in JSON: ids only, so the page reads the resource again to show it.
 * A comment line (`: heartbeat`) arrives every `statusEventsHeartbeatSeconds`, so proxies keep
 * the stream open and a client can tell a dead stream from a quiet one.
 * Kept free of the schema library: the browser reads the stream from its first screen.
 */
export const statusEventsRoute = {
  method: 'GET',
  path: '/events',
  auth: true,
} as const satisfies ApiRoute<true>;

export const statusEventName = 'status';
export const statusEventsHeartbeatSeconds = 15;

export const statusEventKinds = [
  'payment',
  'order_line',
  'refund',
  'payment_method',
  'subscription',
] as const;

export interface StatusEvent {
  app_id: string;
  customer_id: string;
  kind: (typeof statusEventKinds)[number];
  /**
   * The id of the payment, order line, refund, payment method or subscription whose status changed
   * (a subscription's event also says that one of its cycles changed).
   */
  id: string;
  /** Order lines only: the payment the line belongs to. */
  payment_id?: string;
}

/** A status event from parsed JSON, or null when it is not one. */
export function readStatusEvent(value: unknown): StatusEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  const text = (key: string) => typeof event[key] === 'string';
  if (!text('app_id') || !text('customer_id') || !text('id')) return null;
  if (!statusEventKinds.includes(event.kind as StatusEvent['kind'])) return null;
  if (event.payment_id !== undefined && !text('payment_id')) return null;
  return {
    app_id: event.app_id as string,
    customer_id: event.customer_id as string,
    kind: event.kind as StatusEvent['kind'],
    id: event.id as string,
    ...(event.payment_id === undefined ? {} : { payment_id: event.payment_id as string }),
  };
}
