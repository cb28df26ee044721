import { appendFileSync } from 'node:fs';
import { testSettings } from './test-settings.ts';

/** The soak run (`npm run test:soak`) sets SOAK=1: the suites run their long variants. */
export const soak = testSettings.soak;

export interface SoakCounts {
  requests: number;
  fuzzCases: number;
  faultsInjected: number;
  paymentsChecked: number;
  lost: number;
  duplicated: number;
}

/** Adds a suite's counts to the soak run's tally (a line of JSON in SOAK_COUNTS_FILE). */
export function recordCounts(suite: string, counts: Partial<SoakCounts>): void {
  const file = testSettings.soakCountsFile;
  if (file) appendFileSync(file, `${JSON.stringify({ suite, ...counts })}\n`);
}
