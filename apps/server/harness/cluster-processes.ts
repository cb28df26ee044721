import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

// The processes of the cluster run (cluster-run.ts): the store instances and nginx in front of
// them. Every child is remembered so that a failed run can kill what it started.

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const storeEntry = fileURLToPath(new URL('./store-process.ts', import.meta.url));
const children = new Set<ChildProcess>();

/** One store instance (store-process.ts), resolved once it says READY. */
export function startStore(env: Record<string, string>): Promise<ChildProcess> {
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
export function startBalancer(
  nginxPath: string,
  workDir: string,
  port: number,
  instancePorts: number[],
): Promise<ChildProcess> {
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
  const nginx = spawn(nginxPath, ['-p', temp, '-c', join(temp, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(nginx);
  return new Promise((resolve, reject) => {
    nginx.on('error', (error) => reject(new Error(`nginx did not start: ${error.message}`)));
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

/** After a failure: nothing the run started may outlive it. */
export function killEveryChild() {
  for (const child of children) child.kill('SIGKILL');
}
