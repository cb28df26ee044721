import { describe, expect, it } from 'vitest';
import { writeBatches } from './write-batches.ts';

/** A write that records each batch it was given and fails a batch holding a refused item. */
function recordingWrite(refused: ReadonlySet<string> = new Set()) {
  const batches: string[][] = [];
  let release: (() => void) | null = null;
  const write = async (items: readonly string[]) => {
    batches.push([...items]);
    // The first batch waits to be let go, so that the writes after it arrive while it runs.
    if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    const failing = items.find((item) => refused.has(item));
    if (failing) throw new Error(`refused ${failing}`);
  };
  return { write, batches, release: () => release?.() };
}

describe('writeBatches', () => {
  it('writes at once when idle, and together what arrives while a write runs', async () => {
    const recording = recordingWrite();
    const write = writeBatches(recording.write);
    const first = write('a');
    const rest = ['b', 'c', 'd'].map((item) => write(item));
    expect(recording.batches).toEqual([['a']]);
    recording.release();
    await Promise.all([first, ...rest]);
    expect(recording.batches).toEqual([['a'], ['b', 'c', 'd']]);
    await write('e');
    expect(recording.batches.at(-1)).toEqual(['e']);
  });

  it('writes each of a failed batch alone, so that only the refused one fails', async () => {
    const recording = recordingWrite(new Set(['c']));
    const write = writeBatches(recording.write);
    const first = write('a');
    const rest = ['b', 'c', 'd'].map((item) => write(item));
    recording.release();
    const outcomes = await Promise.allSettled([first, ...rest]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toEqual(new Error('refused c'));
    expect(recording.batches).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']]);
  });

  it('fails a write made alone with its own error, and goes on with the next', async () => {
    const recording = recordingWrite(new Set(['a']));
    const write = writeBatches(recording.write);
    const first = write('a');
    const second = write('b');
    recording.release();
    await expect(first).rejects.toThrow('refused a');
    await expect(second).resolves.toBeUndefined();
    expect(recording.batches).toEqual([['a'], ['b']]);
  });
});
