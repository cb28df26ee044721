/**
 * A statement run for many items at once: the items that arrive while one runs go together in the
 * next, one statement at a time, so a busy database makes the batches larger, not more statements
 * waiting in line, and a quiet one runs each at once. On PGlite a create's statement costs about
 * 500 µs whatever it writes and about 100 µs more a row (README, Performance); on PostgreSQL a
 * statement that writes is also a commit.
 *
 * `run` answers each item's result, in the items' order. A batch is one statement, all of it or
 * none: when one fails, each of its items is run again alone, one after another, so that each
 * caller gets its own outcome (one that fails alone fails alone, and the others are written).
 *
 * `apart` names what two items of one batch may not share (null: nothing): of two items that
 * name the same, the later waits for the next batch, in its turn. One statement sees none of its
 * own rows in what it reads, so items whose checks read what the other writes (one customer's
 * budget of creates) must go in statements one after the other.
 */
export function statementBatches<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  { apart }: { apart?: (item: T) => string | null } = {},
) {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let running = false;

  /** The waiting items that may go together, in their order; the rest stay waiting. */
  function nextBatch(): Waiting[] {
    if (!apart) {
      const batch = waiting;
      waiting = [];
      return batch;
    }
    const taken = new Set<string>();
    const batch: Waiting[] = [];
    const held: Waiting[] = [];
    for (const entry of waiting) {
      const name = apart(entry.item);
      if (name !== null && taken.has(name)) held.push(entry);
      else {
        if (name !== null) taken.add(name);
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

  async function runWaiting(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      const batch = nextBatch();
      let results: readonly R[] | null = null;
      if (batch.length > 1) {
        try {
          results = await run(batch.map((entry) => entry.item));
        } catch {
          results = null;
        }
      }
      if (results) batch.forEach((entry, index) => entry.resolve(results[index] as R));
      else for (const entry of batch) await runAlone(entry);
    }
    running = false;
  }

  return (item: T): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!running) void runWaiting();
    });
}
