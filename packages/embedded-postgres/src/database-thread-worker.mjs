// The thread that runs an embedded PostgreSQL (PGlite) for `openEmbeddedPostgres(…, { thread: true })`
// (database-thread.ts): wire-protocol messages in, the backend's bytes out, read and parsed by the
// starting thread (notifications included: they come in the answer of the statement that
// committed them). Plain JavaScript, so that the thread starts the same from the
// sources, the tests and the server bundle (which loads it from here, beside the module that
// starts it).
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Named, so that per-thread tools (top -H, /proc/<pid>/task) tell the database's CPU from the rest
// of the process's; Linux only (a thread's name is at most 15 bytes), and nothing depends on it.
try {
  writeFileSync('/proc/thread-self/comm', 'embedded-pg');
} catch {
  // not Linux: the thread keeps the process's name
}

const { dataDir, from, startParams, module } = workerData;
const pglite = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(from && !dataDir ? { loadDataDir: from } : {}),
  startParams,
  pgliteWasmModule: module,
});

const operations = {
  async exchange({ message }) {
    // The answer's bytes as they come, unparsed: the starting thread parses them.
    const chunks = [];
    let length = 0;
    await pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (bytes) => {
        chunks.push(bytes.slice());
        length += bytes.length;
      },
    });
    if (!pglite.isInTransaction()) await pglite.syncToFs();
    const answer = chunks.length === 1 ? chunks[0] : new Uint8Array(length);
    if (chunks.length !== 1) {
      let offset = 0;
      for (const chunk of chunks) {
        answer.set(chunk, offset);
        offset += chunk.length;
      }
    }
    return [answer, [answer.buffer]];
  },
  async dump() {
    return [await pglite.dumpDataDir('none'), []];
  },
  async close() {
    await pglite.close();
    return [undefined, []];
  },
};

/**
 * One call at a time, in the order they came: the starting thread sends a statement without
 * waiting for the answer to the one before, and PGlite keeps one statement's state at a time.
 */
let previous = Promise.resolve();
parentPort.on('message', ({ id, operation, ...input }) => {
  previous = previous.then(async () => {
    try {
      const [result, transfer] = await operations[operation](input);
      parentPort.postMessage({ id, result }, transfer);
    } catch (error) {
      parentPort.postMessage({ id, error });
      // PostgreSQL stopped (a FATAL error, Emscripten's "Program terminated with exit(n)"): PGlite
      // answers nothing after it, and spun this thread on the next call. The thread ends instead,
      // so that every call after this one fails at once (database-thread.ts).
      if (error?.name === 'ExitStatus') process.exit(1);
    }
  });
});
parentPort.postMessage({ ready: true });
