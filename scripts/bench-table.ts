/**
 * The bench's one table: each figure is printed as it is measured and recorded beside its target,
 * and the table of all of them is printed at the end, so that a long run can be followed and its
 * result read in one place.
 */
import type { Result } from 'autocannon';

interface Row {
  figure: string;
  value: string;
  target: string;
  /** null where the figure has no target (a reference) or could not be measured. */
  met: boolean | null;
}

const rows: Row[] = [];

export function record(figure: string, value: string, target: string, met: boolean | null) {
  rows.push({ figure, value, target, met });
  console.log(`  ${figure}: ${value}`);
}

export function printTable(): void {
  console.log('\n| figure | value | target | met |\n|---|---|---|---|');
  for (const row of rows) {
    const met = row.met === null ? '-' : row.met ? 'yes' : 'NO';
    console.log(`| ${row.figure} | ${row.value} | ${row.target} | ${met} |`);
  }
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * A rate as a ratio to the bare route's, to three places: the catalogue's target is 0.7, and two
 * places printed a run at 0.695 as 0.70 beside its "NO".
 */
export const ofBare = (result: Result, baseline: Result) =>
  `${(result.requests.average / baseline.requests.average).toFixed(3)} of bare`;

/** Of rounds each with a ratio, the one with the median ratio (of an even count, the lower). */
export function medianRound<T extends { ratio: number }>(rounds: readonly T[]): T {
  const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no rounds');
  return median;
}

/** A load's rate and p99, as a ratio to the bare route's where given (times on a shared machine are noisy). */
export function describe(result: Result, baseline: Result | null): string {
  const ratio = baseline ? ` (${ofBare(result, baseline)})` : '';
  const failures = result.non2xx + result.errors;
  return `${result.requests.average.toFixed(0)} req/s${ratio}, p99 ${result.latency.p99} ms${failures ? `, ${failures} failed` : ''}`;
}
