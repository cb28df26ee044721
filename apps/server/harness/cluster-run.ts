import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startIdentitySimulator } from '@store/identity-sim';
import { createDefaultAccount, startXenditSimulator } from '@store/xendit-sim';
import { simulatedGoogleClientId } from '../src/config.ts';
import { findFreePort } from '../src/test/free-port.ts';
import { findExecutable } from './find-executable.ts';
import { testSettings } from './test-settings.ts';
import { checkEveryPayment } from './cluster-check.ts';
import { requestsMade } from './cluster-client.ts';
import { runLoad } from './cluster-load.ts';
import { createThrowawayDatabase } from '../../../scripts/postgres-databases.ts';
import { killEveryChild, startBalancer, startStore } from './cluster-processes.ts';

// `npm run test:cluster` (`-- --short` in CI): three store processes on one fresh PostgreSQL
// database behind nginx with the repo's deploy/nginx/store.conf, mixed load through the balancer
// (creates retried with their Idempotency-Key, provider webhooks, refunds, sign-ins past the
// limit), one instance SIGKILLed in the middle and started again, then every payment checked
// against the store's database and the provider's records. Loopback only, every loop bounded.
// This file sets the run up and composes it: cluster-processes.ts starts the processes,
// cluster-load.ts sends the load (through cluster-client.ts), cluster-check.ts checks.

const short = process.argv.includes('--short');
const instanceCount = 3;
const customerCount = short ? 4 : 12;
const createsPerCustomer = short ? 6 : 20;
const loginLimit = 20;
const loginAttempts = loginLimit * 2;
const otpLimit = 10;
const otpTries = otpLimit * 2;
const settleTimeoutMs = 30_000;
const adminUrl = testSettings.postgresUrl;

async function main(): Promise<number> {
  const nginxPath = findExecutable('nginx');
  if (nginxPath === undefined) {
    // The short run is part of `npm test`, which a machine without nginx still passes.
    const needs = 'nginx is not installed (Debian: apt-get install -y nginx-light)';
    if (short) {
      console.log(`${needs}: the cluster run is skipped`);
      return 0;
    }
    console.error(`${needs}: the cluster run balances its store instances with it`);
    return 1;
  }
  const workDir = mkdtempSync(join(tmpdir(), 'store-cluster-'));
  // Dropped by `drop` even while the instances still hold it.
  const database = await createThrowawayDatabase(adminUrl, 'store_cluster');
  const identity = await startIdentitySimulator({ port: 0 });
  const balancerPort = await findFreePort();
  const balancer = `http://127.0.0.1:${balancerPort}`;
  const xendit = await startXenditSimulator({
    port: 0,
    accounts: [createDefaultAccount({ webhookUrl: `${balancer}/api/webhooks/xendit` })],
    webhookRetrySchedule: [0.5, 1, 2, 4],
    asyncDelayMs: 200,
    pollIntervalMs: 50,
    latency: { ms: 30, jitterMs: 60 },
  });
  const env = {
    HOST: '127.0.0.1',
    DATA_DIR: join(workDir, 'data'),
    WEB_DIST_DIR: join(workDir, 'web'),
    PUBLIC_URL: balancer,
    IDENTITY_SIM_URL: identity.url,
    XENDIT_BASE_URL: xendit.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // nginx on this machine: its X-Forwarded-For names each client, as a deployment behind a
    // balancer must set, or every per-address limit is one budget for all clients.
    TRUST_PROXY: '127.0.0.1',
    LOGIN_RATE_LIMIT_PER_MINUTE: String(loginLimit),
    OTP_RATE_LIMIT_PER_MINUTE: String(otpLimit),
    XENDIT_TIMEOUT_MS: '2000',
    RECONCILE_INTERVAL_SECONDS: '2',
    DATABASE_URL: database.url,
  };
  const ports: number[] = [];
  for (let index = 0; index < instanceCount; index += 1) ports.push(await findFreePort());
  // Together, on an empty database: the migration lock lets one migrate while the others wait.
  const instances = await Promise.all(
    ports.map((port) => startStore({ ...env, PORT: String(port) })),
  );
  const nginx = await startBalancer(nginxPath, workDir, balancerPort, ports);

  try {
    const victim = 1;
    const load = await runLoad({
      balancer,
      customerCount,
      createsPerCustomer,
      loginAttempts,
      otpTries,
      credentialFor: (email) =>
        identity.issueCredential({ email, audience: simulatedGoogleClientId }),
      killAndRestart: async () => {
        instances[victim]?.kill('SIGKILL');
        await sleep(1_000);
        instances[victim] = await startStore({ ...env, PORT: String(ports[victim]) });
      },
    });
    const limitBreaches =
      Math.max(0, load.loginsAccepted - loginLimit) + Math.max(0, load.otpAccepted - otpLimit);
    const { lost, duplicated, problems } = await checkEveryPayment(
      database.url,
      xendit.url,
      load.creates,
      load.refundedPayments,
      settleTimeoutMs,
    );

    for (const problem of problems.slice(0, 20)) console.error(problem);
    if (limitBreaches > 0) {
      console.error(
        `accepted across the instances: sign-ins ${load.loginsAccepted} of ${loginAttempts} (one instance allows ${loginLimit} a minute), OTP tries ${load.otpAccepted} of ${otpTries} (one instance allows ${otpLimit})`,
      );
    }
    console.log(
      `cluster: instances ${instanceCount}, requests ${requestsMade()}, payments checked ${load.creates.length}, lost: ${lost}, duplicated: ${duplicated}, limit breaches: ${limitBreaches}`,
    );
    return lost + duplicated + limitBreaches === 0 ? 0 : 1;
  } finally {
    nginx.kill('SIGTERM');
    for (const child of instances) child?.kill('SIGTERM');
    await xendit.close();
    await identity.close();
    await sleep(500);
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    killEveryChild();
    process.exit(1);
  },
);
