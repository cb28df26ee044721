/**
 * The Chromium that the browser tests (with their accessibility scans), the simulator's hosted-page
 * tests and the bench's Lighthouse run drive, chosen here and nowhere else: CHROME_PATH when set,
 * else a Chromium installed on the machine, else the one the npm package @sparticuz/chromium brought
 * with `npm install` (Linux x64), so a machine with nothing but Node runs every browser test.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable, isExecutable } from '../apps/server/harness/find-executable.ts';
import { testSettings } from './test-settings.ts';

/** Launch options Playwright's and Puppeteer's `launch` both take as they are. */
export interface TestBrowser {
  executablePath: string;
  args: string[];
  /** Set only for the npm Chromium, which needs its own libraries and fonts; unset: inherited. */
  env?: Record<string, string>;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const systemNames = ['chromium', 'google-chrome-stable', 'google-chrome'];
/**
 * Debian's old headless shell (chromium-headless-shell), preferred by the tests when installed: the
 * browser tests are CPU-bound on two cores, and it ran payments.spec.ts on 118 s of the machine's
 * CPU (69 s) against 160 s (88 s) with the full Chromium's headless mode. Lighthouse keeps the full
 * browser, whose rendering its scores are calibrated on.
 */
const headlessShell = 'chromium-headless-shell';
const macChrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
const npmPackage = '@sparticuz/chromium';
/** Set once the choice is printed, so Playwright's workers, which load the config again, keep quiet. */
const announcedVariable = 'STORE_TEST_BROWSER_ANNOUNCED';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Use = 'tests' | 'lighthouse';
const chosen = new Map<Use, TestBrowser>();

/** The browser to launch; prints once which one and why. Throws, naming what to install, when none. */
export function testBrowser(use: Use = 'tests'): TestBrowser {
  const known = chosen.get(use);
  if (known) return known;
  const { browser, reason } = choose(use);
  if (process.env[announcedVariable] === undefined) {
    console.log(`Browser: ${reason}`);
    process.env[announcedVariable] = '1';
  }
  chosen.set(use, browser);
  return browser;
}

function choose(use: Use): { browser: TestBrowser; reason: string } {
  const configured = testSettings.chromePath;
  if (configured !== undefined) {
    if (!isExecutable(configured)) {
      throw new Error(`CHROME_PATH=${configured} is not an executable file`);
    }
    return { browser: { executablePath: configured, args }, reason: `${configured} (CHROME_PATH)` };
  }
  const names = use === 'tests' ? [headlessShell, ...systemNames] : systemNames;
  const system = findExecutable(...names) ?? (isExecutable(macChrome) ? macChrome : undefined);
  if (system !== undefined) {
    return {
      browser: { executablePath: system, args },
      reason: `${system} (installed on the machine; CHROME_PATH is not set)`,
    };
  }
  const none = `CHROME_PATH is not set and none of ${systemNames.join(', ')} is installed`;
  const bundled = npmChromium();
  if (typeof bundled === 'string') {
    throw new Error(
      `No browser for the browser tests: ${none}, and ${bundled}. Set CHROME_PATH, or install Chromium (Debian: apt-get install -y chromium).`,
    );
  }
  return { browser: bundled.browser, reason: `${bundled.name} (${none})` };
}

/** The npm package's Chromium, unpacked once into node_modules/.cache; or why there is none. */
function npmChromium(): { browser: TestBrowser; name: string } | string {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return `${npmPackage} ships a Chromium for Linux x64 only`;
  }
  const packageJson = join(root, 'node_modules', npmPackage, 'package.json');
  if (!existsSync(packageJson)) return `${npmPackage} is not installed (npm install)`;
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const dir = join(root, 'node_modules', '.cache', 'sparticuz-chromium', version);
  if (!existsSync(join(dir, 'chromium'))) unpack(dir, version);
  return {
    name: `Chromium ${version.split('.')[0]} from the npm package ${npmPackage}@${version}, unpacked in ${relative(root, dir)}`,
    browser: {
      executablePath: join(dir, 'chromium'),
      args,
      env: {
        ...definedVariables(),
        // Its own NSS and expat: a machine without a browser has none of them.
        LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH]
          .filter(Boolean)
          .join(':'),
        // Without a font it can find, the headless shell aborts on the first text it draws.
        FONTCONFIG_FILE: join(dir, 'fonts.conf'),
      },
    },
  };
}

/**
 * The package unpacks into the temporary directory, and adds the libraries a plain machine lacks only
 * where it takes itself to run on AWS Lambda (Amazon Linux 2023); a child process with both set
 * unpacks into a directory of its own, renamed into place when whole so a concurrent run never
 * starts a half-written binary.
 */
function unpack(dir: string, version: string): void {
  console.log(
    `Unpacking Chromium from ${npmPackage}@${version} into ${relative(root, dir)} (once)`,
  );
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `const { default: chromium } = await import('${npmPackage}'); await chromium.executablePath();`,
    ],
    {
      cwd: root,
      env: { ...process.env, TMPDIR: partial, AWS_LAMBDA_JS_RUNTIME: 'nodejs20.x' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (!isExecutable(join(partial, 'chromium')) || !existsSync(join(partial, 'al2023', 'lib'))) {
    throw new Error(`${npmPackage}@${version} unpacked no chromium and libraries into ${partial}`);
  }
  // The package's own fonts.conf names /tmp/fonts; this one names where its fonts now are.
  writeFileSync(
    join(partial, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, 'fonts')}</dir>\n  <cachedir>${join(dir, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
  );
  try {
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'chromium'))) throw error;
  }
}

function definedVariables(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}
