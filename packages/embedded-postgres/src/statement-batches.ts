/**
 * A statement run for many items at once: the items that arrive while one runs go together in the
 * next, one statement at a time (unless one stalls, below), so a busy database makes the batches
 * larger, not more statements waiting in line, and a quiet one runs each at once. A statement's own cost, not its rows', is
 * most of an insert's on PGlite, and on PostgreSQL a statement that writes is also a commit
 * (README, Performance: the simulator's create and the store's checked insert).
 *
 * `run` answers each item's result, in the items' order. A batch is one statement, all of it or
 * none: when one fails, each of its items is run again alone, one after another, so that each
 * caller gets its own outcome (one that fails alone fails alone, and the others are written).
 * `onBatchFailed` hears of each failed batch, which the retries hide from the callers.
 *
 * `apart` names what two items of one batch may not share (null: nothing): of two items that
 * name the same, the later waits for the next batch, in its turn. One statement sees none of its
 * own rows in what it reads, so items whose checks read what the other writes (one customer's
 * budget of creates) must go in statements one after the other.
 *
 * A batch still running after `stalledAfterMs` no longer holds the others back: the next starts
 * beside it. Before batches each item had a connection of the pool, so one that waited on a lock
 * or a dead connection held up no other; in one line, it would hold up all of them. What a stalled
 * batch names stays held until it ends: its statement may still commit, and an item read with it
 * unwritten would break what `apart` keeps.
 */
export function statementBatches<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  {
    apart,
    stalledAfterMs = 250,
    onBatchFailed,
  }: {
    apart?: (item: T) => string | null;
    stalledAfterMs?: number;
    onBatchFailed?: (error: unknown, size: number) => void;
  } = {},
) {
  type Waiting = {
    item: T;
    name: string | null;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  };
  let waiting: Waiting[] = [];
  /** How many waiting items name something: with none, every waiting item goes, unread. */
  let namedWaiting = 0;
  /** The names of the items in batches still running, stalled ones included. */
  const namesRunning = new Set<string>();
  let taking = false;

  /** The waiting items that may go now, in their order; the rest stay waiting. */
  function nextBatch(): Waiting[] {
    if (namedWaiting === 0) {
      const batch = waiting;
      waiting = [];
      return batch;
    }
    const batch: Waiting[] = [];
    const held: Waiting[] = [];
    for (const entry of waiting) {
      const { name } = entry;
      if (name === null) batch.push(entry);
      else if (namesRunning.has(name)) held.push(entry);
      else {
        namesRunning.add(name);
        namedWaiting -= 1;
        batch.push(entry);
      }
    }
    waiting = held;
    return batch;
  }

  async function runAlone(entry: Waiting): Promise<void> {
    try {
      const [result] = await run([entry.item]);
      entry.resolve(result as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function runBatch(batch: Waiting[]): Promise<void> {
    let results: readonly R[] | null = null;
    if (batch.length > 1) {
      try {
        results = await run(batch.map((entry) => entry.item));
      } catch (error) {
        try {
          onBatchFailed?.(error, batch.length);
        } catch {
          // A listener that fails must not leave the batch's callers unanswered.
        }
        results = null;
      }
    }
    if (results) batch.forEach((entry, index) => entry.resolve(results[index] as R));
    else for (const entry of batch) await runAlone(entry);
  }

  /** Runs the batches in line until nothing waits that may go; a stalled one is left running. */
  async function takeWaiting(): Promise<void> {
    taking = true;
    try {
      for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) {
        const names = batch.flatMap((entry) => (entry.name === null ? [] : [entry.name]));
        const done = runBatch(batch).finally(() => {
          for (const name of names) namesRunning.delete(name);
          // Items held back for these names, waiting after the line moved on without them.
          if (!taking && waiting.length > 0) void takeWaiting();
        });
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, stalledAfterMs);
        });
        await Promise.race([done, stalled]);
        clearTimeout(timer);
      }
    } finally {
      taking = false;
    }
  }

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const name = apart ? apart(item) : null;
      if (name !== null) namedWaiting += 1;
      waiting.push({ item, name, resolve, reject });
      if (!taking) void takeWaiting();
    });
}
