import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdentitySimulator } from '@store/identity-sim';
import {
  createDefaultAccount,
  startXenditSimulator,
  type XenditSimulatorOptions,
} from '@store/xendit-sim';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from './database.ts';
import { findFreePort } from './free-port.ts';

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  db: Database;
  /** The database with its LISTEN, to start another instance on it. */
  database: DatabaseHandle;
  identity: Awaited<ReturnType<typeof startIdentitySimulator>>;
  /** The provider simulator, over real HTTP, delivering webhooks to this server. */
  xendit: Awaited<ReturnType<typeof startXenditSimulator>>;
  /** Where the store listens (webhooks arrive here). */
  url: string;
  /** Signs in through the real login route with a credential from the identity simulator. */
  signIn(email: string, appId?: string): Promise<string>;
  /** Posts a webhook body to the store as the provider does, with the store's callback token. */
  deliverWebhook(body: object, callbackToken?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A webhook as the provider sends it: the v3 envelope around the event's data. */
export function webhookEnvelope(event: string, data: object, created = new Date().toISOString()) {
  return { event, business_id: '5f27a14a9bf05c73dd040bc8', created, api_version: 'v3', data };
}

/**
 * The storefront listening on a real port, on a real database, with the identity and provider
 * simulators over HTTP, for one test file.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    /** Overrides of the provider simulator's options (retry schedule, latency, ...). */
    simulator?: Partial<XenditSimulatorOptions>;
    /**
     * Another server's database, for several store instances on one database (closed by its
     * owner, not by this server).
     */
    database?: DatabaseHandle;
  } = {},
): Promise<TestServer> {
  const identity = await startIdentitySimulator({ port: 0 });
  const storePort = await findFreePort();
  const xendit = await startXenditSimulator({
    port: 0,
    accounts: [
      createDefaultAccount({ webhookUrl: `http://127.0.0.1:${storePort}/api/webhooks/xendit` }),
    ],
    webhookRetrySchedule: [0.2, 0.5, 1],
    asyncDelayMs: 200,
    pollIntervalMs: 50,
    ...options.simulator,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'store-test-'));
  const webDistDir = join(dataDir, 'web');
  writeFileSync(join(dataDir, 'placeholder'), '');
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDistDir,
    IDENTITY_SIM_URL: identity.url,
    XENDIT_SIM_PORT: new URL(xendit.url).port,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    OTP_RATE_LIMIT_PER_MINUTE: '10000',
    // Tests run reconciliation themselves (app.reconciler.reconcileNow()).
    RECONCILE_INTERVAL_SECONDS: '0',
    ...env,
  });
  const ownDatabase = options.database ? null : await createTestDatabase();
  const database = options.database ?? (ownDatabase as DatabaseHandle);
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    logger: options.logStream ? { level: 'debug', stream: options.logStream } : false,
  });
  await app.listen({ port: storePort, host: '127.0.0.1' });

  async function signIn(email: string, appId = 'demo-id'): Promise<string> {
    const credential = await identity.issueCredential({
      email,
      audience: config.identity.clientId,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { credential, app_id: appId },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return (response.json() as { token: string }).token;
  }

  return {
    app,
    config,
    db: database.db,
    database,
    identity,
    xendit,
    url: `http://127.0.0.1:${storePort}`,
    signIn,
    deliverWebhook: (body, callbackToken = config.xendit.callbackToken) =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks/xendit',
        headers: { 'x-callback-token': callbackToken },
        payload: body,
      }),
    async close() {
      // The provider first: it stops sending webhooks, so the store has no request left to await.
      await xendit.close();
      await app.close();
      await ownDatabase?.close();
      await identity.close();
    },
  };
}
