import {
  prepareSimulatorDatabase,
  startXenditSimulator,
  type XenditSimulator,
  type XenditSimulatorOptions,
} from '../index.ts';

let migrated: Promise<Blob> | undefined;

/**
 * The simulator as a test starts it. In memory, it opens a copy of one migrated database made once
 * per test worker (a worker's files share modules: vitest.config.ts, `isolate: false`) instead of
 * running initdb and every migration again: 0.5 s against 2.3 s on this kind of machine, and the
 * suite starts dozens. On a data directory or a PostgreSQL server it starts as the simulator does.
 */
export async function startTestSimulator(
  options: XenditSimulatorOptions,
): Promise<XenditSimulator> {
  if (options.databaseUrl || options.dataDir || options.from) return startXenditSimulator(options);
  migrated ??= prepareSimulatorDatabase();
  return startXenditSimulator({ ...options, from: await migrated });
}
