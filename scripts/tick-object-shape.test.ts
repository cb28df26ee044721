import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from './bench-processes.ts';

const run = promisify(execFile);
const preload = '--import=./scripts/tick-object-shape.mjs';

/**
 * In a process started as `npm start` starts it, after every queued tick has run and two full
 * collections (so that no entry of Node's tick queue is alive), whether a new entry has the shape
 * the preload keeps: V8's `%HaveSameMap`, which only a process given --allow-natives-syntax parses.
 */
async function entryShapeAfterFullCollections(options: string[]): Promise<boolean> {
  const program = `
    import { createHook } from 'node:async_hooks';
    import { tickObjectShape } from './scripts/tick-object-shape.mjs';
    await new Promise((resolve) => setTimeout(resolve, 10));
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
    console.log(JSON.stringify(%HaveSameMap(tickObjectShape, entry)));
  `;
  const { stdout } = await run(
    process.execPath,
    [...options, '--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', program],
    { cwd: root },
  );
  return JSON.parse(stdout) as boolean;
}

describe("the preload that keeps the shape of Node's tick queue entries", () => {
  it('is in both start scripts', () => {
    const { scripts } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toContain(` ${preload} `);
    expect(scripts['start:storefront']).toContain(` ${preload} `);
  });

  it("keeps an object of the entries' shape through full collections", async () => {
    expect(await entryShapeAfterFullCollections([preload])).toBe(true);
  });

  it('takes the shape nextTick gives its entries, whether or not the preload ran first', async () => {
    // Imported only by the program, after Node has queued and run its own ticks.
    expect(await entryShapeAfterFullCollections([])).toBe(true);
  });
});
