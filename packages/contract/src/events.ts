import * as z from 'zod/mini';
import { statusEventKinds, type StatusEvent } from './events-route.ts';

export * from './events-route.ts';

/** The server's check of what it streams (the browser uses readStatusEvent, without zod). */
export const statusEventSchema = z.object({
  app_id: z.string(),
  customer_id: z.string(),
  kind: z.enum(statusEventKinds),
  id: z.string(),
  payment_id: z.optional(z.string()),
}) satisfies z.ZodMiniType<StatusEvent>;
