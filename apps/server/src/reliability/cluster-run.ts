import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startIdentitySimulator } from '@store/identity-sim';
import { createDefaultAccount, startXenditSimulator } from '@store/xendit-sim';
import { simulatedGoogleClientId } from '../config.ts';
import { findFreePort } from '../test/free-port.ts';
import { testSettings } from '../../../../scripts/test-settings.ts';
import { directDebitOrder, providerPaymentRequests, vaOrder } from './helpers.ts';

// `npm run test:cluster` (`-- --short` in CI): three store processes on one fresh PostgreSQL
// database behind nginx with the repo's deploy/nginx/store.conf, mixed load through the balancer
// (creates retried with their Idempotency-Key, provider webhooks, refunds, sign-ins past the
// limit), one instance SIGKILLed in the middle and started again, then every payment checked
// against the store's database and the provider's records. Loopback only, every loop bounded.

const short = process.argv.includes('--short');
const instanceCount = 3;
const customerCount = short ? 4 : 12;
const createsPerCustomer = short ? 6 : 20;
const loginLimit = 20;
const loginAttempts = loginLimit * 2;
const otpLimit = 10;
const otpTries = otpLimit * 2;
const attemptsPerCall = 8;
const settleTimeoutMs = 30_000;
const adminUrl = testSettings.postgresUrl;

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const storeEntry = fileURLToPath(new URL('./store-process.ts', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'store-cluster-'));
const children = new Set<ChildProcess>();
let requests = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `store_cluster_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function startStore(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', storeEntry], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve(child);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      reject(new Error(`a store instance exited (${signal ?? code}): ${stderr}`));
    });
  });
}

/** nginx with deploy/nginx/store.conf, its example upstreams replaced by the local instances. */
function startBalancer(port: number, instancePorts: number[]): Promise<ChildProcess> {
  const site = readFileSync(join(repoRoot, 'deploy/nginx/store.conf'), 'utf8');
  const serverLine = /^(\s*)server\s+\S+:\d+(.*);$/m.exec(site);
  if (!serverLine) throw new Error('deploy/nginx/store.conf lists no upstream server');
  const [, indent, parameters] = serverLine;
  const upstreams = instancePorts
    .map((instancePort) => `${indent}server 127.0.0.1:${instancePort}${parameters};`)
    .join('\n');
  const localSite = site
    .replace(/^\s*server\s+\S+:\d+.*;$\n?/gm, '')
    .replace(/(upstream store \{\n(?:\s*#.*\n)*)/, `$1${upstreams}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  const temp = join(workDir, 'nginx');
  // Its workers may run as another user: they write request bodies here.
  mkdirSync(temp, { recursive: true, mode: 0o777 });
  writeFileSync(
    join(temp, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${temp}/nginx.pid;`,
      'error_log stderr crit;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${temp}/${kind};`,
      ),
      localSite,
      '}',
    ].join('\n'),
  );
  const nginx = spawn('nginx', ['-p', temp, '-c', join(temp, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(nginx);
  return new Promise((resolve, reject) => {
    nginx.on('error', (error) =>
      reject(new Error(`nginx did not start (apt-get install nginx-light): ${error.message}`)),
    );
    void (async () => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const ready = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return resolve(nginx);
        await sleep(100);
      }
      reject(new Error('nginx did not answer'));
    })();
  });
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP call through the balancer; a lost connection is status 0. */
async function call(
  url: string,
  init: { method?: string; token?: string; key?: string; body?: unknown } = {},
): Promise<Answer> {
  requests += 1;
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = {};
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: {} };
  }
}

/** Retries what an instance's death or a conflict left unanswered, as a careful client does. */
async function callWithRetries(
  url: string,
  init: Parameters<typeof call>[1],
  done: (answer: Answer) => boolean,
): Promise<Answer> {
  let answer: Answer = { status: 0, body: {} };
  for (let attempt = 0; attempt < attemptsPerCall; attempt += 1) {
    answer = await call(url, init);
    if (done(answer)) return answer;
    await sleep(200 * (attempt + 1));
  }
  return answer;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const retryable = (status: number) => status === 0 || status === 409 || status >= 500;

async function main(): Promise<number> {
  const database = await createDatabase();
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
  const nginx = await startBalancer(balancerPort, ports);

  try {
    // Sign-ins, then more from the same address than one instance allows in a minute.
    let loginsAccepted = 0;
    const login = async (email: string) => {
      const credential = await identity.issueCredential({
        email,
        audience: simulatedGoogleClientId,
      });
      const answer = await call(`${balancer}/api/auth/login`, {
        method: 'POST',
        body: { credential, app_id: 'demo-id' },
      });
      if (answer.status === 200) loginsAccepted += 1;
      return answer;
    };
    const tokens: string[] = [];
    for (let index = 0; index < customerCount; index += 1) {
      const answer = await login(`cluster-${index}@example.com`);
      if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status}`);
      tokens.push(answer.body.token as string);
    }
    await Promise.all(
      Array.from({ length: loginAttempts - customerCount }, (_, index) =>
        login(`flood-${index}@example.com`),
      ),
    );
    const loginBreaches = Math.max(0, loginsAccepted - loginLimit);

    interface Create {
      key: string;
      token: string;
      paymentId: string | null;
      simulated: boolean;
    }
    const creates: Create[] = [];
    const createPayment = async (create: Create, order: object) => {
      creates.push(create);
      const answer = await callWithRetries(
        `${balancer}/api/payments`,
        { method: 'POST', token: create.token, key: create.key, body: order },
        (a) => !retryable(a.status),
      );
      if (answer.status === 201 || answer.status === 200)
        create.paymentId = answer.body.id as string;
    };

    // Wrong OTPs from one customer, more than one instance allows in a minute, spread over
    // direct-debit payments (each takes MAX_OTP_ATTEMPTS before the provider fails it).
    const otpPayments: Create[] = [];
    for (let index = 0; index < Math.ceil(otpTries / 3); index += 1) {
      const create: Create = {
        key: randomUUID(),
        token: tokens[0] ?? '',
        paymentId: null,
        simulated: false,
      };
      await createPayment(create, directDebitOrder());
      otpPayments.push(create);
    }
    const otpAnswers = await Promise.all(
      Array.from({ length: otpTries }, (_, index) =>
        call(
          `${balancer}/api/payments/${otpPayments[index % otpPayments.length]?.paymentId}/validate_otp`,
          {
            method: 'POST',
            token: tokens[0],
            body: { otp_code: '123456' },
          },
        ),
      ),
    );
    const otpAccepted = otpAnswers.filter((answer) => answer.status !== 429).length;
    const limitBreaches = loginBreaches + Math.max(0, otpAccepted - otpLimit);

    const totalCreates = customerCount * createsPerCustomer;
    const killAt = Math.floor(totalCreates / 3);
    let createsDone = 0;
    let killed: Promise<void> | null = null;
    const victim = 1;
    const killAndRestart = async () => {
      instances[victim]?.kill('SIGKILL');
      await sleep(1_000);
      instances[victim] = await startStore({ ...env, PORT: String(ports[victim]) });
    };

    const refundedPayments = new Set<string>();

    await Promise.all(
      tokens.map(async (token) => {
        for (let index = 0; index < createsPerCustomer; index += 1) {
          const create: Create = { key: randomUUID(), token, paymentId: null, simulated: false };
          await createPayment(create, vaOrder());
          createsDone += 1;
          if (createsDone === killAt) killed = killAndRestart();
          if (!create.paymentId) continue;
          // The provider's webhook then reaches whichever instance the balancer picks.
          const simulate = await callWithRetries(
            `${balancer}/api/payments/${create.paymentId}/simulate`,
            { method: 'POST', token },
            (a) => !retryable(a.status),
          );
          create.simulated = simulate.status === 200;
        }
      }),
    );
    await killed;

    const readPayment = (create: Create) =>
      call(`${balancer}/api/payments/${create.paymentId}`, { token: create.token });
    // Refunds of every third paid payment, once its capture webhook has landed.
    await Promise.all(
      creates
        .filter((create, index) => create.simulated && index % 3 === 0)
        .map(async (create) => {
          for (let attempt = 0; attempt < 50; attempt += 1) {
            const payment = await readPayment(create);
            if (payment.body.status === 'SUCCEEDED') {
              const orders = payment.body.orders as { id: string }[];
              const refund = await callWithRetries(
                `${balancer}/api/payments/${create.paymentId}/refund`,
                { method: 'POST', token: create.token, body: { orders: [orders[0]?.id] } },
                (a) => !retryable(a.status),
              );
              if (refund.status === 201) refundedPayments.add(create.paymentId as string);
              return;
            }
            await sleep(200);
          }
        }),
    );

    // Settled: nothing left CREATING, and every paid payment past waiting for the provider.
    const store = new pg.Client({ connectionString: database.url });
    await store.connect();
    const open = async () =>
      (
        await store.query<{ count: string }>(
          `SELECT count(*) FROM payments WHERE status IN ('CREATING', 'PENDING')
             OR (status = 'REQUIRES_ACTION' AND id = ANY($1))
             OR status = 'REFUND_PENDING'`,
          [creates.filter((c) => c.simulated).map((c) => c.paymentId)],
        )
      ).rows[0]?.count;
    const settleBy = Date.now() + settleTimeoutMs;
    while ((await open()) !== '0' && Date.now() < settleBy) await sleep(250);

    const rows = (
      await store.query<{ idempotency_key: string; id: string; status: string }>(
        'SELECT idempotency_key, id, status FROM payments',
      )
    ).rows;
    const refundCounts = (
      await store.query<{ payment_id: string; count: string }>(
        'SELECT payment_id, count(*) FROM refunds GROUP BY payment_id',
      )
    ).rows;
    await store.end();
    const provider = await providerPaymentRequests(xendit.url);

    let lost = 0;
    let duplicated = 0;
    const problems: string[] = [];
    const byKey = groupBy(rows, (row) => row.idempotency_key);
    const byReference = groupBy(provider, (record) => record.reference_id);
    for (const create of creates) {
      const stored = byKey.get(create.key) ?? [];
      const settled = stored.every(
        (row) =>
          row.status !== 'CREATING' &&
          row.status !== 'PENDING' &&
          !(create.simulated && row.status === 'REQUIRES_ACTION'),
      );
      if (stored.length === 0 || !create.paymentId || !settled) {
        lost += 1;
        problems.push(`lost ${create.key}: ${JSON.stringify(stored)}`);
      }
      const atProvider = stored.flatMap((row) => byReference.get(row.id) ?? []);
      if (stored.length > 1 || atProvider.length > 1) {
        duplicated += 1;
        problems.push(
          `duplicated ${create.key}: ${stored.length} stored, ${atProvider.length} at the provider`,
        );
      }
    }
    const refundsOf = new Map(refundCounts.map((row) => [row.payment_id, Number(row.count)]));
    for (const paymentId of refundedPayments) {
      if (!refundsOf.get(paymentId)) {
        lost += 1;
        problems.push(`lost the acknowledged refund of ${paymentId}`);
      }
    }
    for (const { payment_id: paymentId, count } of refundCounts) {
      if (Number(count) > 1) {
        duplicated += 1;
        problems.push(`duplicated refunds of ${paymentId}: ${count}`);
      }
    }
    for (const problem of problems.slice(0, 20)) console.error(problem);
    if (limitBreaches > 0) {
      console.error(
        `accepted across the instances: sign-ins ${loginsAccepted} of ${loginAttempts} (one instance allows ${loginLimit} a minute), OTP tries ${otpAccepted} of ${otpTries} (one instance allows ${otpLimit})`,
      );
    }
    console.log(
      `cluster: instances ${instanceCount}, requests ${requests}, payments checked ${creates.length}, lost: ${lost}, duplicated: ${duplicated}, limit breaches: ${limitBreaches}`,
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
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  },
);
