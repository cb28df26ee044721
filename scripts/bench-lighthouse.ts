/**
 * Lighthouse (performance only, its default mobile settings) on the tests' Chromium (browser.ts), for
 * the bench. The signed-in state is set in the same browser first (token and cart in local storage),
 * and Lighthouse is told to keep it (disableStorageReset).
 */
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { testBrowser } from './browser.ts';

export interface PageScore {
  path: string;
  /** The median run's (computeMedianRun), and every run's in the order they ran. */
  score: number;
  scores: number[];
  lcpMs: number;
  tbtMs: number;
}

/**
 * Runs per page. One run's score moves with whatever else the machine does (on this one 91 to 100
 * for the same page and code); Lighthouse's guide to its variability
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md) says the median of
 * five runs is about twice as stable as one, and picks it with the function used here.
 */
const runsPerPage = 5;
/**
 * How long Lighthouse waits for the page to go quiet. A signed-in page keeps the live status
 * feed's stream open, so the network never goes quiet: every run waited Lighthouse's default
 * 45 s and said "The page loaded too slowly to finish within the time limit", though the page had
 * painted its largest element in about 1.3 s and settled. 15 s keeps that margin ten times over,
 * gave the same figures, and takes a run 24 s instead of 54.
 */
const maxWaitForLoadMs = 15_000;

/** A page to score, and a text it shows once it has what it is measured for (a cart, a product). */
export interface MeasuredPage {
  path: string;
  shows: string;
}

/**
 * Throws unless the page at `url` comes to show `text` within 15 s: a page measured in another state
 * than meant (signed out, an empty cart) would be scored all the same.
 */
async function assertShows(page: Page, url: string, text: string): Promise<void> {
  await page.goto(url);
  try {
    await page.waitForFunction(
      // Runs in the page, where the document exists.
      (expected: string) =>
        (
          globalThis as unknown as { document: { body: { innerText: string } } }
        ).document.body.innerText.includes(expected),
      { timeout: 15_000 },
      text,
    );
  } catch {
    throw new Error(
      `${url} never showed "${text}": the page is not in the state it is measured in`,
    );
  }
}

/** Lighthouse's runtime errors that are its trace's recording failing, not the page. */
const lighthouseTraceFailures = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

export async function lighthouseScores(
  baseUrl: string,
  pages: MeasuredPage[],
  storage: Record<string, string>,
): Promise<{ scores: PageScore[]; benchmarkIndex: number }> {
  const browser = await puppeteer.launch({ ...testBrowser('lighthouse'), headless: true });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((entries: Record<string, string>) => {
      // Runs in the page, where local storage exists.
      const { localStorage } = globalThis as unknown as {
        localStorage: { setItem(key: string, value: string): void };
      };
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    const scores: PageScore[] = [];
    let benchmarkIndex = 0;
    for (const { path, shows } of pages) {
      const run = async () => {
        await assertShows(page, `${baseUrl}${path}`, shows);
        const result = await lighthouse(
          `${baseUrl}${path}`,
          {
            onlyCategories: ['performance'],
            disableStorageReset: true,
            logLevel: 'error',
            maxWaitForLoad: maxWaitForLoadMs,
          },
          undefined,
          page,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        // A run that failed (no paint, a navigation error) scores 0: say why beside it.
        if (lhr.runtimeError) {
          console.log(
            `  Lighthouse on ${path}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
          );
        }
        return lhr;
      };
      const runs: Awaited<ReturnType<typeof run>>[] = [];
      for (let n = 0; n < runsPerPage; n++) {
        let lhr = await run();
        // Lighthouse's own recording of the trace failed, not the page ("Please run Lighthouse
        // again", as it says; seen once in a run of 2026-11-29): one more run, and its score counts.
        if (lighthouseTraceFailures.has(lhr.runtimeError?.code ?? '')) lhr = await run();
        runs.push(lhr);
      }
      const scoreOf = (lhr: (typeof runs)[number]) =>
        Math.round((lhr.categories.performance?.score ?? 0) * 100);
      // A run with no paint is no measure of the page, but if every run failed, one shows why.
      const valid = filterToValidRuns(runs);
      const median = valid.length > 0 ? computeMedianRun(valid) : runs[0]!;
      benchmarkIndex = median.environment.benchmarkIndex;
      scores.push({
        path,
        score: scoreOf(median),
        scores: runs.map(scoreOf),
        lcpMs: median.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: median.audits['total-blocking-time']?.numericValue ?? NaN,
      });
    }
    return { scores, benchmarkIndex };
  } finally {
    await browser.close();
  }
}
