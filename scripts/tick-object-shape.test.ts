import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from './bench-processes.ts';

const run = promisify(execFile);
const preload = '--import=./scripts/tick-object-shape.mjs';

/**
 * What the preload left in a thread: whether it keeps an object, and whether a new entry of Node's
 * tick queue still has that object's shape after every queued tick has run and two full
 * collections (no entry alive then). V8's `%HaveSameMap` needs --allow-natives-syntax. An ES
 * module, as the provider simulator's thread is.
 */
const check = `
  import { createHook } from 'node:async_hooks';
  import { isMainThread, parentPort } from 'node:worker_threads';
  const kept = globalThis[Symbol.for('store.tickObjectShape')];
  setTimeout(() => {
    gc();
    gc();
    let entry;
    const hook = createHook({
      init(_id, type, _trigger, resource) {
        if (type === 'TickObject') entry ??= resource;
      },
    }).enable();
    process.nextTick(() => undefined, 1);
    hook.disable();
    const outcome = {
      thread: isMainThread ? 'main' : 'worker',
      kept: kept !== undefined,
      sameShape: kept !== undefined && %HaveSameMap(kept, entry),
    };
    if (isMainThread) console.log(JSON.stringify(outcome));
    else parentPort.postMessage(outcome);
  }, 10);
`;

/** The check in the process's main thread, then in a worker thread it starts. */
async function checkThreads(options: string[]) {
  const program = `
    import { Worker } from 'node:worker_threads';
    ${check}
    new Worker(new URL(${JSON.stringify(`data:text/javascript,${encodeURIComponent(check)}`)})).on(
      'message',
      (outcome) => console.log(JSON.stringify(outcome)),
    );
  `;
  const { stdout } = await run(
    process.execPath,
    [...options, '--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', program],
    { cwd: root },
  );
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { thread: string; kept: boolean; sameShape: boolean })
    .sort((a, b) => a.thread.localeCompare(b.thread));
}

describe("the preload that keeps the shape of Node's tick queue entries", () => {
  it('is in both start scripts', () => {
    const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(` ${preload} `);
    expect(scripts['start:storefront']).toContain(` ${preload} `);
  });

  it("keeps, in the main thread and in a worker, an object of the entries' shape through full collections", async () => {
    expect(await checkThreads([preload])).toEqual([
      { thread: 'main', kept: true, sameShape: true },
      { thread: 'worker', kept: true, sameShape: true },
    ]);
  });

  it('is what keeps it: without the preload no thread has one', async () => {
    expect(await checkThreads([])).toEqual([
      { thread: 'main', kept: false, sameShape: false },
      { thread: 'worker', kept: false, sameShape: false },
    ]);
  });
});
