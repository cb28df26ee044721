import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabaseUrl } from './test/database.ts';
import { findFreePort } from './test/free-port.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let child: ChildProcess | null = null;
const output: string[] = [];
const describeState = () =>
  `instances ${JSON.stringify(instancesOf(child?.pid ?? 0))}; output: ${output.join('')}`;
afterAll(() => {
  child?.kill('SIGTERM');
});

/**
 * The running store processes node:cluster forked: the primary's children that run the store's
 * main. Not its other children: tsx, compiling a source it has not cached, starts esbuild's
 * service as a child of the primary (seen after a source changed, which failed this test).
 */
function instancesOf(primary: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const [state, parent] =
          readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        // A process killed but not yet reaped (Z) serves nothing.
        return (
          state !== 'Z' &&
          Number(parent) === primary &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(main)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${describeState()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('STORE_INSTANCES', () => {
  it('runs two store processes on one port on PostgreSQL, restarts one that dies, and refuses the embedded database', async () => {
    const database = await createServerDatabaseUrl();
    const dataDir = mkdtempSync(join(tmpdir(), 'store-instances-'));
    /**
     * The store on a port free when picked. It binds the port seconds later (tsx, migrations), and
     * a server of another test may take it meanwhile: the caller starts it again on another.
     */
    async function spawnStore() {
      const port = await findFreePort();
      output.length = 0;
      const started = spawn(process.execPath, ['--import', 'tsx', main], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: join(dataDir, 'web'),
          LOG_LEVEL: 'silent',
          RECONCILE_INTERVAL_SECONDS: '0',
          STORE_INSTANCES: '2',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const exited = new Promise<number | null>((resolve) => started.once('exit', resolve));
      const healthy = () =>
        fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.ok,
          () => false,
        );
      return { primary: started, exited, healthy };
    }

    let { primary, exited, healthy } = await spawnStore();
    try {
      if (!database) {
        expect(await exited).toBe(1);
        expect(output.join('').trim()).toBe(
          'Invalid configuration: STORE_INSTANCES 2 needs DATABASE_URL: the embedded database is single-instance',
        );
        return;
      }
      for (let attempt = 1; ; attempt += 1) {
        const current = primary;
        await until(
          async () =>
            current.exitCode !== null ||
            (instancesOf(current.pid ?? 0).length === 2 && (await healthy())),
        );
        if (current.exitCode === null) break;
        if (attempt === 3 || !output.join('').includes('EADDRINUSE')) {
          throw new Error(`the store stopped: ${describeState()}`);
        }
        ({ primary, exited, healthy } = await spawnStore());
      }
      const [first, second] = instancesOf(primary.pid ?? 0);
      process.kill(first ?? 0, 'SIGKILL');
      await until(() => {
        const now = instancesOf(primary.pid ?? 0);
        return now.length === 2 && now.includes(second ?? 0) && !now.includes(first ?? 0);
      });
      await until(healthy);
      primary.kill('SIGTERM');
      await exited;
      await until(() => instancesOf(primary.pid ?? 0).length === 0);
    } finally {
      primary.kill('SIGKILL');
      await database?.drop();
    }
  }, 90_000);
});
