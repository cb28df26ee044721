import type { FastifyBaseLogger } from 'fastify';
import { createDefaultAccount, createKeyring, type SimulatorAccount } from './accounts.ts';
import { buildApp, type Latency, type RateLimit } from './app.ts';
import { dumpMigratedDatabase, openDatabase } from './db/database.ts';
import { DAY_MS } from './recurring/schedule.ts';
import type { SimContext } from './sim-context.ts';
import { createWorker, PROVIDER_DELIVERY_TIMEOUT_MS, PROVIDER_RETRY_SCHEDULE } from './worker.ts';

export { createDefaultAccount, DEFAULT_BUSINESS_ID, type SimulatorAccount } from './accounts.ts';
export { PROVIDER_RETRY_SCHEDULE } from './worker.ts';

export type XenditSimulatorOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Base of hosted-page and action URLs; default http://localhost:PORT. */
  publicUrl?: string;
  /** postgres://... : a PostgreSQL server through node-postgres. */
  databaseUrl?: string;
  /** PGlite on disk; with neither this nor databaseUrl, PGlite in memory (tests). */
  dataDir?: string;
  /** PGlite in memory only: start from this dump (prepareSimulatorDatabase) instead of empty. */
  from?: Blob;
  /** Default: the one demo account (createDefaultAccount()). */
  accounts?: SimulatorAccount[];
  /**
   * Seconds from a webhook's first attempt to each retry; default the provider's 15 min, 1 h, 3 h,
   * 6 h, 12 h, 24 h.
   */
  webhookRetrySchedule?: readonly number[];
  /**
   * How long a webhook waits for the merchant's answer; default the provider's 30 s. A delivery
   * that times out is not retried (resend it from /_sim/webhooks/{id}/resend).
   */
  webhookTimeoutMs?: number;
  /** Added to API responses, to bring out races between the browser's return and the webhook. */
  latency?: Latency;
  /** Delay of refunds settling, OVO approvals and amount 20105 failures; default 1000 ms. */
  asyncDelayMs?: number;
  /**
   * Length of a subscription schedule's DAY, default a real day (with calendar months); tests
   * shorten it so that cycles and retries come in milliseconds (a MONTH is then 30 such days).
   */
  recurringDayMs?: number;
  /**
   * Lets POST /_sim/sessions/{id}/expire end live-mode sessions too, as their expires_at passing
   * would, so a browser test of a live app need not wait out the provider's 30 minutes. Off by
   * default: every other development endpoint keeps to test-mode data.
   */
  expireLiveSessions?: boolean;
  /** Default 6000 requests a minute per key. */
  rateLimit?: RateLimit;
  /** How often the worker looks for due jobs and webhooks; default 250 ms. */
  pollIntervalMs?: number;
  logger?: FastifyBaseLogger | boolean;
};

export type XenditSimulator = { url: string; close(): Promise<void> };

/** A migrated in-memory database as a dump, for test runs that start many simulators. */
export const prepareSimulatorDatabase = dumpMigratedDatabase;

export async function startXenditSimulator(
  options: XenditSimulatorOptions,
): Promise<XenditSimulator> {
  const database = await openDatabase(options);
  const accounts = options.accounts ?? [createDefaultAccount()];
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  let kick = () => {};
  const ctx: SimContext = {
    db: database.db,
    keyring: createKeyring(accounts),
    get publicUrl() {
      return publicUrl;
    },
    asyncDelayMs: options.asyncDelayMs ?? 1000,
    recurringDayMs: options.recurringDayMs ?? DAY_MS,
    async transaction(work) {
      const result = await database.db.transaction(work);
      kick();
      return result;
    },
  };
  const app = await buildApp(ctx, {
    rateLimit: options.rateLimit ?? { max: 6000, windowSeconds: 60 },
    latency: options.latency,
    logger: options.logger,
    expireLiveSessions: options.expireLiveSessions ?? false,
  });
  const worker = createWorker(ctx, {
    retryScheduleSeconds: options.webhookRetrySchedule ?? PROVIDER_RETRY_SCHEDULE,
    deliveryTimeoutMs: options.webhookTimeoutMs ?? PROVIDER_DELIVERY_TIMEOUT_MS,
    pollIntervalMs: options.pollIntervalMs ?? 250,
    logger: typeof options.logger === 'object' ? options.logger : app.log,
  });
  kick = worker.kick;
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ port: options.port, host });
  } catch (error) {
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  publicUrl ||= `http://localhost:${port}`;
  worker.start();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    async close() {
      await worker.stop();
      await app.close();
      await database.close();
    },
  };
}
