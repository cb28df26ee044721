import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository root, where eslint.config.js declares the layers of the server. */
const root = resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, imported: string): Promise<string[]> {
  const code = `import * as deliberate from '${imported}';\nexport { deliberate };\n`;
  const [result] = await eslint.lintText(code, { filePath: `apps/server/src/${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe("the server's layers", () => {
  it('refuses a lower layer importing a resource folder', async () => {
    for (const [file, imported] of [
      ['http/deliberate.ts', '../payments/payment-service.ts'],
      ['http/deliberate.ts', '../auth/tenant.ts'],
      ['statuses/deliberate.ts', '../refunds/refund-service.ts'],
      ['provider/deliberate.ts', '../cards/card-service.ts'],
      ['db/deliberate.ts', '../app.ts'],
    ]) {
      expect(await boundaryErrors(file!, imported!)).toContainEqual(
        expect.stringContaining('imports no resource folder'),
      );
    }
  });

  it('refuses lib/ and db/ importing another folder of the server', async () => {
    expect(await boundaryErrors('lib/deliberate.ts', '../http/app-error.ts')).toEqual([
      expect.stringContaining('lib/ and db/ import no other folder'),
    ]);
    expect(await boundaryErrors('db/deliberate.ts', '../statuses/payment-status.ts')).toEqual([
      expect.stringContaining('lib/ and db/ import no other folder'),
    ]);
  });

  it('lets only provider/ import the provider client', async () => {
    for (const file of ['payments/deliberate.ts', 'webhooks/deliberate.ts', 'http/deliberate.ts']) {
      expect(await boundaryErrors(file, '@store/xendit')).toEqual([
        expect.stringContaining('Only provider/ speaks to the provider'),
      ]);
    }
    expect(await boundaryErrors('provider/deliberate.ts', '@store/xendit')).toEqual([]);
  });

  it("refuses a resource folder reaching into another's internals, not its service", async () => {
    expect(await boundaryErrors('cards/deliberate.ts', '../payments/pricing.ts')).toEqual([
      expect.stringContaining('only through its service'),
    ]);
    expect(await boundaryErrors('cards/deliberate.ts', '../payments/payment-service.ts')).toEqual(
      [],
    );
    expect(await boundaryErrors('cards/deliberate.ts', '../statuses/payment-status.ts')).toEqual(
      [],
    );
  });
});
