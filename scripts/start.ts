/**
 * `npm start`: one process serving the storefront with the simulators it needs. A simulator is
 * skipped when configuration points at the real provider (GOOGLE_CLIENT_ID, XENDIT_BASE_URL).
 * `--simulators-only` starts the simulators alone, for a storefront run in another process
 * (apps/server, with XENDIT_BASE_URL and IDENTITY_SIM_URL pointing at them).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIdentitySimulator } from '@store/identity-sim';
import { createDefaultAccount, startXenditSimulator } from '@store/xendit-sim';
import { ConfigError, startStoreServer } from '@store/server';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const dev = process.argv.includes('--dev');
const simulatorsOnly = process.argv.includes('--simulators-only');
const dataDir = resolve(env.DATA_DIR ?? join(root, 'data'));
const closers: (() => Promise<void>)[] = [];

function ensureWebBuild(): void {
  if (dev || simulatorsOnly || existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The web app build failed');
}

async function main(): Promise<void> {
  ensureWebBuild();
  const lines: string[] = [];
  if (!env.GOOGLE_CLIENT_ID) {
    const identity = await startIdentitySimulator({
      port: Number(env.IDENTITY_SIM_PORT ?? 4020),
      dataDir: join(dataDir, 'identity-sim'),
    });
    closers.push(identity.close);
    lines.push(`  identity simulator  ${identity.url}`);
  }
  if (!env.XENDIT_BASE_URL) {
    const storePort = Number(env.PORT ?? 3000);
    const xendit = await startXenditSimulator({
      port: Number(env.XENDIT_SIM_PORT ?? 4010),
      dataDir: join(dataDir, 'xendit-sim'),
      accounts: [
        createDefaultAccount({
          webhookUrl: `http://localhost:${storePort}/api/webhooks/xendit`,
          ...(env.XENDIT_CALLBACK_TOKEN ? { callbackToken: env.XENDIT_CALLBACK_TOKEN } : {}),
        }),
      ],
      // The provider's schedule (15 min to 24 h) compressed, so a demo sees retries land.
      webhookRetrySchedule: [2, 5, 15, 60, 300, 900],
    });
    closers.push(xendit.close);
    lines.push(`  provider simulator  ${xendit.url}`);
  }
  if (simulatorsOnly) {
    console.log(['Simulators are ready:', ...lines].join('\n'));
    return;
  }
  const store = await startStoreServer({ ...env, DATA_DIR: dataDir });
  // Closed last: the simulators stop sending webhooks first, so none is left in flight.
  closers.push(store.close);
  lines.unshift(`  storefront          ${store.url}  (API docs: ${store.url}/api/docs)`);
  if (dev) {
    const vite = spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    closers.push(async () => void vite.kill());
    lines.push('  web (hot reload)    http://localhost:5173');
  }
  console.log(
    [
      'Demo store is ready:',
      ...lines,
      'Demo apps: demo-id (development, Indonesia, IDR), demo-ph (live, Philippines, PHP)',
      `Sign in at ${store.url}/login with any email in the identity simulator's chooser.`,
    ].join('\n'),
  );
}

async function shutdown(): Promise<void> {
  setTimeout(() => process.exit(0), 5_000).unref();
  for (const close of closers) await close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

main().catch(async (error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  for (const close of closers) await close().catch(() => undefined);
  process.exit(1);
});
