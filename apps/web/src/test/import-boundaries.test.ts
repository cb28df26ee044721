import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository root, where eslint.config.js declares the layers of the web app. */
const root = resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the web app imports one way', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/cart/components/deliberate.ts',
      "import { useChannels } from '@/features/channels/api/get-channels';\nexport { useChannels };\n",
    );
    expect(errors).toEqual([expect.stringContaining('does not import another feature')]);
  });

  it('refuses a feature importing the app, and shared code importing a feature', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/cart/components/deliberate.ts',
        "import { router } from '@/app/router';\nexport { router };\n",
      ),
    ).toEqual([expect.stringContaining('does not import the app')]);
    expect(
      await boundaryErrors(
        'apps/web/src/lib/deliberate.ts',
        "import { useCart } from '@/features/cart/stores/cart-store';\nexport { useCart };\n",
      ),
    ).toEqual([expect.stringContaining('imports neither features nor the app')]);
  });

  it('lets a feature import its own files and shared code', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/features/cart/components/deliberate.ts',
        "import { useCart } from '@/features/cart/stores/cart-store';\nimport { formatMoney } from '@/utils/format';\nexport { useCart, formatMoney };\n",
      ),
    ).toEqual([]);
  });
});
