import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Whether a file can be run: a non-empty regular file with the execute bit. An empty or
 * non-executable file in its place counts as absent, as a removed package leaves it to the shell.
 */
export function isExecutable(path: string): boolean {
  try {
    const stats = statSync(path);
    if (!stats.isFile() || stats.size === 0) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found runnable on PATH (and in /usr/sbin, which a user's PATH may lack). */
export function findExecutable(...names: string[]): string | undefined {
  const directories = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].filter(Boolean);
  for (const name of names) {
    for (const directory of directories) {
      const path = join(directory, name);
      if (isExecutable(path)) return path;
    }
  }
  return undefined;
}
