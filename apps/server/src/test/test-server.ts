import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
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
import { createTestDatabase, preparedDump } from './database.ts';
import { findFreePort } from './free-port.ts';
import { inject } from 'vitest';

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
  /**
   * Ends a payment's payment request at the provider simulator (its development endpoint), which
   * then sends its own webhook: the way a test makes the provider's record change.
   */
  endAtProvider(
    paymentId: string,
    status: 'SUCCEEDED' | 'FAILED' | 'EXPIRED',
    failureCode?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /**
   * A payment webhook about the payment request the provider really holds for a store payment,
   * claiming `status`: what a replayed, late or out-of-order delivery looks like.
   */
  providerEvent(
    event: string,
    paymentId: string,
    status: string,
    failureCode?: string,
  ): Promise<ReturnType<typeof webhookEnvelope>>;
  /** The payment request the provider holds for a store payment, as its API answers it. */
  heldPaymentRequest(paymentId: string): Promise<Record<string, unknown>>;
  /** The provider simulator's development endpoints, with the test secret key. */
  simulatorCall(
    path: string,
    body?: object,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
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
  // A copy of the run's migrated simulator database (test/global-setup.ts) when there is one.
  const preparedSimulator = inject('preparedSimulatorDatabase');
  const xendit = await startXenditSimulator({
    port: 0,
    ...(preparedSimulator ? { from: await preparedDump(preparedSimulator) } : {}),
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
    LOGIN_APP_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_IDENTITY_RATE_LIMIT_PER_MINUTE: '10000',
    OTP_RESEND_LIMIT_PER_10_MINUTES: '10000',
    PAYMENT_CREATE_RATE_LIMIT_PER_MINUTE: '10000',
    // Every test's requests come from one address: a test of the limit sets its own.
    CREATES_PER_ADDRESS_PER_MINUTE: '0',
    REQUESTS_IN_FLIGHT_PER_ADDRESS: '0',
    REQUESTS_IN_FLIGHT_PER_CUSTOMER: '0',
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

  const account = createDefaultAccount();
  async function simulatorCall(path: string, body?: object) {
    const response = await fetch(`${xendit.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function endAtProvider(paymentId: string, status: string, failureCode?: string) {
    const held = await heldPaymentRequest(paymentId);
    return simulatorCall(`/_sim/payment_requests/${String(held.payment_request_id)}/outcome`, {
      status,
      ...(failureCode ? { failure_code: failureCode } : {}),
    });
  }

  /** The payment request the provider holds for a store payment, as its API answers it. */
  async function heldPaymentRequest(paymentId: string) {
    const listed = await simulatorCall(
      `/_sim/payment_requests?reference_id=${encodeURIComponent(paymentId)}`,
    );
    const [request] = listed.body.data as { payment_request_id: string }[];
    if (!request) throw new Error(`the provider holds no payment request for ${paymentId}`);
    const read = await fetch(`${xendit.url}/v3/payment_requests/${request.payment_request_id}`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${account.testSecretKey}:`).toString('base64')}`,
        'api-version': '2024-11-11',
      },
    });
    return (await read.json()) as Record<string, unknown>;
  }

  async function providerEvent(
    event: string,
    paymentId: string,
    status: string,
    failureCode?: string,
  ) {
    const held = await heldPaymentRequest(paymentId);
    const now = new Date().toISOString();
    const data =
      event === 'payment_request.expiry'
        ? { ...held, status, updated: now }
        : {
            payment_id: `py-${randomUUID()}`,
            payment_request_id: held.payment_request_id,
            reference_id: held.reference_id,
            request_amount: held.request_amount,
            currency: held.currency,
            country: held.country,
            channel_code: held.channel_code,
            status,
            ...(failureCode ? { failure_code: failureCode } : {}),
            created: now,
            updated: now,
          };
    return webhookEnvelope(event, data, now);
  }

  return {
    app,
    config,
    endAtProvider,
    heldPaymentRequest,
    providerEvent,
    simulatorCall,
    db: database.db,
    database,
    identity,
    xendit,
    url: `http://127.0.0.1:${storePort}`,
    signIn,
    deliverWebhook: (body, callbackToken = config.xendit.callbackTokens.development) =>
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
