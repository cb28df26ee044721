import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'test-browser-'));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, 0o755);
  return path;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the browser of the tests', () => {
  it('is CHROME_PATH when set, and says so', async () => {
    const chrome = file('chrome', '#!/bin/sh\n');
    vi.stubEnv('CHROME_PATH', chrome);
    vi.stubEnv('STORE_TEST_BROWSER_ANNOUNCED', undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { testBrowser } = await import('./browser.ts');
    expect(testBrowser().executablePath).toBe(chrome);
    expect(log).toHaveBeenCalledWith(`Browser: ${chrome} (CHROME_PATH)`);
    log.mockRestore();
  });

  it('refuses a CHROME_PATH that cannot run, naming it', async () => {
    const emptied = file('emptied-chrome', '');
    vi.stubEnv('CHROME_PATH', emptied);
    const { testBrowser } = await import('./browser.ts');
    expect(() => testBrowser()).toThrow(`CHROME_PATH=${emptied} is not an executable file`);
  });
});
