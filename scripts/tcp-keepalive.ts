/**
 * Whether this machine's TCP socket whose local port is `localPort` has its keepalive timer
 * armed, read from Linux's /proc/net/tcp and tcp6 (the `tr` column: 2 is the keepalive timer,
 * 0 none). An idle connection with keepalives on has it armed; one without has none. Tests check
 * with it that a connection kept open for long carries keepalives.
 */
import { readFileSync } from 'node:fs';

export function keepaliveArmed(localPort: number): boolean {
  const port = localPort.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state, , timer] = line.trim().split(/\s+/);
      // 01: ESTABLISHED.
      if (local?.endsWith(`:${port}`) && state === '01') return timer?.startsWith('02:') ?? false;
    }
  }
  throw new Error(`no established socket on local port ${localPort}`);
}
