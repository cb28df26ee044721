// Type-checks the launcher scripts and every workspace, two tsc processes at a time: each is
// single-threaded, and the machines this runs on have two cores.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const projects = ['scripts/tsconfig.json', ...workspaces.map((w) => `${w}/tsconfig.json`)];
const tscPath = new URL('node_modules/typescript/bin/tsc', root).pathname;

function check(project) {
  return new Promise((resolve) => {
    const tsc = spawn(process.execPath, [tscPath, '--noEmit', '-p', project], {
      cwd: root,
      stdio: 'inherit',
    });
    tsc.on('close', (code) => resolve(code === 0 ? null : project));
  });
}

const queue = [...projects];
const failed = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const failure = await check(project);
      if (failure) failed.push(failure);
    }
  }),
);
if (failed.length > 0) {
  console.error(`Type errors in ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`Types check in ${projects.length} projects`);
