import { describe, expect, it } from 'vitest';
import { statementBatches } from './statement-batches.ts';

/**
 * A statement that records each batch it is given, answers each item upper-cased, fails a batch
 * holding a refused item, and holds its first batch until let go, so that the items after it
 * arrive while it runs. It also records whether two ever ran at once.
 */
function recordingStatement(refused: ReadonlySet<string> = new Set()) {
  const batches: string[][] = [];
  let running = 0;
  let overlapped = false;
  let release: (() => void) | null = null;
  const run = async (items: readonly string[]) => {
    batches.push([...items]);
    running += 1;
    overlapped ||= running > 1;
    try {
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      else await new Promise((resolve) => setImmediate(resolve));
      const failing = items.find((item) => refused.has(item));
      if (failing) throw new Error(`refused ${failing}`);
      return items.map((item) => item.toUpperCase());
    } finally {
      running -= 1;
    }
  };
  return { run, batches, overlapped: () => overlapped, release: () => release?.() };
}

describe('statementBatches', () => {
  it('runs at once when idle, together what arrives meanwhile, and answers each its own', async () => {
    const statement = recordingStatement();
    const run = statementBatches(statement.run);
    const answers = Promise.all(['a', 'b', 'c', 'd'].map((item) => run(item)));
    expect(statement.batches).toEqual([['a']]);
    statement.release();
    expect(await answers).toEqual(['A', 'B', 'C', 'D']);
    expect(statement.batches).toEqual([['a'], ['b', 'c', 'd']]);
    expect(await run('e')).toBe('E');
    expect(statement.batches.at(-1)).toEqual(['e']);
    expect(statement.overlapped()).toBe(false);
  });

  it('runs each of a failed batch alone, one after another, so only the refused one fails', async () => {
    const statement = recordingStatement(new Set(['c']));
    const run = statementBatches(statement.run);
    const outcomes = Promise.allSettled(['a', 'b', 'c', 'd'].map((item) => run(item)));
    statement.release();
    // One that arrives while the failed batch's items run alone waits for them, then runs.
    await new Promise((resolve) => setImmediate(resolve));
    const later = run('e');
    expect((await outcomes).map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(((await outcomes)[2] as PromiseRejectedResult).reason).toEqual(new Error('refused c'));
    expect(await later).toBe('E');
    expect(statement.batches).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d'], ['e']]);
    expect(statement.overlapped()).toBe(false);
  });

  it('fails an item run alone with its own error, and goes on with the next', async () => {
    const statement = recordingStatement(new Set(['a']));
    const run = statementBatches(statement.run);
    const first = run('a');
    const second = run('b');
    statement.release();
    await expect(first).rejects.toThrow('refused a');
    await expect(second).resolves.toBe('B');
    expect(statement.batches).toEqual([['a'], ['b']]);
  });

  it('keeps items that name the same apart in batches one after another, in their turn', async () => {
    const statement = recordingStatement();
    // Items are named by their first letter; "x…" items name nothing and go with any.
    const run = statementBatches(statement.run, {
      apart: (item) => (item.startsWith('x') ? null : item.charAt(0)),
    });
    const answers = Promise.all(
      ['a1', 'a2', 'b1', 'a3', 'x1', 'b2', 'x2', 'c1'].map((item) => run(item)),
    );
    statement.release();
    expect(await answers).toEqual(['A1', 'A2', 'B1', 'A3', 'X1', 'B2', 'X2', 'C1']);
    expect(statement.batches).toEqual([['a1'], ['a2', 'b1', 'x1', 'x2', 'c1'], ['a3', 'b2']]);
    expect(statement.overlapped()).toBe(false);
  });

  it('starts the next batch beside one that has stalled, keeping apart what it holds', async () => {
    const statement = recordingStatement();
    const run = statementBatches(statement.run, {
      apart: (item) => (item.startsWith('x') ? null : item.charAt(0)),
      stalledAfterMs: 20,
    });
    const stuck = run('a1');
    // While a1 waits on its lock, the others go after 20 ms; a2 waits for a1, whose budget it
    // would read.
    const others = Promise.all(['b1', 'a2', 'x1'].map((item) => run(item)));
    expect(await Promise.race([others, new Promise((resolve) => setTimeout(resolve, 500))])).toBe(
      undefined,
    );
    expect(statement.batches).toEqual([['a1'], ['b1', 'x1']]);
    statement.release();
    expect(await stuck).toBe('A1');
    expect(await others).toEqual(['B1', 'A2', 'X1']);
    expect(statement.batches).toEqual([['a1'], ['b1', 'x1'], ['a2']]);
    expect(statement.overlapped()).toBe(true);
  });

  /** a, b and c made in one go, c refused, so that b and c's batch fails: how each settled. */
  async function withCRefused(onBatchFailed: (error: unknown, size: number) => void) {
    const statement = recordingStatement(new Set(['c']));
    const run = statementBatches(statement.run, { onBatchFailed });
    const outcomes = Promise.allSettled(['a', 'b', 'c'].map((item) => run(item)));
    statement.release();
    return { run, settled: (await outcomes).map((outcome) => outcome.status) };
  }

  it('tells of a failed batch, which its retries hide from the callers', async () => {
    const failures: [string, number][] = [];
    const { settled } = await withCRefused((error, size) =>
      failures.push([(error as Error).message, size]),
    );
    expect(settled).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(failures).toEqual([['refused c', 2]]);
  });

  it('answers every caller when the failure listener itself throws', async () => {
    const { run, settled } = await withCRefused(() => {
      throw new Error('listener broke');
    });
    expect(settled).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await run('d')).toBe('D');
  });

  it('fails the caller, not the batcher, when the statement throws before it starts', async () => {
    let calls = 0;
    const run = statementBatches((items: readonly string[]) => {
      calls += 1;
      if (calls === 1) throw new Error('not a promise');
      return Promise.resolve(items.map((item) => item.toUpperCase()));
    });
    await expect(run('a')).rejects.toThrow('not a promise');
    expect(await run('b')).toBe('B');
  });
});
