import * as z from 'zod/mini';
import type { ApiRoute } from './routes.ts';

/**
 * The live-status feed: a Server-Sent Events stream of the signed-in customer's status changes.
 * Read it with fetch (a streamed body) to send the usual `Authorization: Bearer` header; the
 * token never goes in the URL. Each change is one `event: status` whose data is a
 * `StatusEvent` in JSON: ids only, so the page reads the resource again to show it.
 * A comment line (`: heartbeat`) arrives every `statusEventsHeartbeatSeconds`, so proxies keep
 * the stream open and a client can tell a dead stream from a quiet one.
 */
export const statusEventsRoute = {
  method: 'GET',
  path: '/events',
  auth: true,
} as const satisfies ApiRoute<true>;

export const statusEventName = 'status';
export const statusEventsHeartbeatSeconds = 15;

export const statusEventKinds = ['payment', 'order_line', 'refund', 'payment_method'] as const;

export const statusEventSchema = z.object({
  app_id: z.string(),
  customer_id: z.string(),
  kind: z.enum(statusEventKinds),
  /** The id of the payment, order line, refund or payment method whose status changed. */
  id: z.string(),
  /** Order lines only: the payment the line belongs to. */
  payment_id: z.optional(z.string()),
});

export type StatusEvent = z.infer<typeof statusEventSchema>;
