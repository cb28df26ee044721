import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from '@store/contract';
import type { SoakCounts } from './soak.ts';

// `npm run test:soak`: the reliability suites and the fuzzing in their long variants, then one line
// of totals. Each suite appends its counts to a file; this adds them up.
const fuzzRuns = 10_000;
const countsFile = join(mkdtempSync(join(tmpdir(), 'store-soak-')), 'counts.jsonl');
const startedAt = Date.now();
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'apps/server',
    'src/reliability',
    'src/http/fuzz.test.ts',
    'src/http/flood.test.ts',
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      SOAK: '1',
      FUZZ_RUNS: String(fuzzRuns),
      FUZZ_SEED: 'random',
      SOAK_COUNTS_FILE: countsFile,
    },
  },
);

const totals: SoakCounts = {
  requests: 0,
  fuzzCases: 0,
  faultsInjected: 0,
  paymentsChecked: 0,
  lost: 0,
  duplicated: 0,
};
const lines = existsSync(countsFile) ? readFileSync(countsFile, 'utf8').split('\n') : [];
for (const line of lines.filter(Boolean)) {
  const counts = JSON.parse(line) as Partial<SoakCounts>;
  for (const name of Object.keys(totals) as (keyof SoakCounts)[]) {
    totals[name] += counts[name] ?? 0;
  }
}
// The fuzz suite runs FUZZ_RUNS cases on every endpoint of the contract, a request each.
const fuzzCases = run.status === 0 ? fuzzRuns * Object.keys(api).length : 0;
totals.fuzzCases += fuzzCases;
totals.requests += fuzzCases;

const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.info(
  `soak: requests ${totals.requests}, fuzz cases ${totals.fuzzCases}, faults injected ` +
    `${totals.faultsInjected}, payments checked ${totals.paymentsChecked}, lost: ${totals.lost}, ` +
    `duplicated: ${totals.duplicated} (${minutes} min, ${run.status === 0 ? 'passed' : 'FAILED'})`,
);
process.exit(run.status === 0 && totals.lost === 0 && totals.duplicated === 0 ? 0 : 1);
