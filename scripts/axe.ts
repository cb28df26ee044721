/**
 * axe-core's accessibility scan of a page as it stands, for the store's browser tests and the
 * provider simulator's hosted pages alike.
 *
 * axe-core runs in the page itself (`axe.run`), injected once per document. @axe-core/playwright's
 * builder, used before, evaluated axe-core's 650 KB source twice on every scan and opened a blank
 * page for each scan's results: on this kind of machine the 25 scans of the 1280 px screens test took
 * 25.7 s with it, 15.6 s in its legacy mode, 6.2 s this way. Like that legacy mode, this scans the
 * page's own document only: no screen of the store or of the simulator embeds a frame.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.1 A and AA, the level every screen is held to. */
export const wcag21aa: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
};

/** The violations of `options`' rules, as `rule: element` lines a failing test can print. */
export async function axeViolations(page: Page, options: RunOptions = wcag21aa): Promise<string[]> {
  // A document keeps axe-core until the page loads another; a client-side route change keeps it.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  return page.evaluate(async (runOptions) => {
    // The page's globals, named without the DOM's types, which the scripts' Node build has not.
    const { axe, document } = globalThis as unknown as {
      axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
      document: unknown;
    };
    const { violations } = await axe.run(document, runOptions);
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
  }, options);
}
