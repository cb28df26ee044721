import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testBrowser } from '../../scripts/browser.ts';

/**
 * The whole stack on its own ports and a fresh data directory, so a run never meets old state.
 * E2E_PORT_OFFSET moves all three ports, so two checkouts can run their browser tests side by side;
 * offsets a hundred apart never collide (the ports themselves are ten apart).
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const ports = { store: 3100 + offset, identity: 4120 + offset, xendit: 4110 + offset };
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'store-e2e-'));
const baseURL = `http://localhost:${ports.store}`;
const root = join(import.meta.dirname, '../..');
// `npm start`'s own command line (its memory settings and V8 options with the bundle `npm run
// test:e2e` has just built), run without npm in between, so the tests drive what a user runs.
const npmStart = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;
// For the tests' sign-in (e2e/support.ts), which asks the identity simulator for a credential.
process.env.E2E_IDENTITY_URL = `http://localhost:${ports.identity}`;

export default defineConfig({
  testDir: './e2e',
  // Two tests at a time against the one stack: every test is its own customer (e2e/support.ts),
  // and most of a test's time is waiting on the store, the simulators and their delays. On a slow
  // machine of this kind one worker took 11.9 min of CI's 22; two, a file each, 9.3 min, of which
  // accessibility.spec.ts alone was 5.1 on its worker: so tests, not files, are shared out.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A trace costs the tests about a seventh of their time (accessibility.spec.ts's four longest:
    // 176 s with it, 151 s without). CI keeps only what the run prints, so .ci/run turns it off.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    launchOptions: testBrowser(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: npmStart,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(ports.store),
      IDENTITY_SIM_PORT: String(ports.identity),
      XENDIT_SIM_PORT: String(ports.xendit),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_IDENTITY_RATE_LIMIT_PER_MINUTE: '1000',
      // The hosted-checkout spec expires the live app's sessions on demand (hosted-checkout.spec.ts).
      XENDIT_SIM_EXPIRE_LIVE_SESSIONS: '1',
    },
  },
});
