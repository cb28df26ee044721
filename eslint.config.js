import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The web app's layers import one way: app -> features -> shared (components, hooks, lib, utils).
 * A feature never imports another feature or the app; shared code imports neither.
 */
const webSource = 'apps/web/src';
const features = readdirSync(new URL(`./${webSource}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appImports = ['@/app', '@/app/*', '**/app/*'];
const importBoundaries = [
  ...features.map((feature) => ({
    files: [`${webSource}/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`],
              message: `A feature does not import another feature: compose them in the app.`,
            },
            {
              group: ['../../*', ...appImports],
              message: 'A feature does not import the app or reach outside its folder.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: [`${webSource}/{components,hooks,lib,utils}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/*', '**/features/*', ...appImports],
              message: 'Shared code imports neither features nor the app.',
            },
          ],
        },
      ],
    },
  },
];

/**
 * The server's layers, after the same idea: resource folders (payments/, cards/, ...) sit on lower
 * layers (statuses/, provider/, http/, lib/, db/), which import no resource folder; lib/ and db/
 * import no other folder of the server; a resource folder reaches another only through its service
 * (`*-service.ts`; auth through the caller, `tenant.ts`); only provider/ imports the provider's
 * client. One rule object per folder, since a later object's options replace an earlier one's.
 */
const serverSource = 'apps/server/src';
const serverLowerLayers = ['statuses', 'provider', 'http', 'lib', 'db'];
const serverTestSupport = ['test'];
const serverResources = readdirSync(new URL(`./${serverSource}`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => !serverLowerLayers.includes(name) && !serverTestSupport.includes(name));
const providerClient = {
  group: ['@store/xendit', '@store/xendit/*', '@store/xendit-sim', '@store/xendit-sim/*'],
  message: 'Only provider/ speaks to the provider: call the adapter (provider/adapter.ts).',
};
const composition = ['../app.ts', '../instances.ts', '../index.ts', '../store-server.ts'];
// Tests, and the fixtures they share beside them (`*.fixture.ts`), may use the test support (test/).
const serverZone = (folder, patterns) => ({
  files: [`${serverSource}/${folder}/**/*.ts`],
  ignores: ['**/*.test.ts', '**/*.fixture.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const serverBoundaries = [
  ...serverLowerLayers.map((layer) =>
    serverZone(layer, [
      ...(layer === 'provider' ? [] : [providerClient]),
      {
        group: [...serverResources.map((resource) => `../${resource}/*`), ...composition],
        message: `A lower layer (${serverLowerLayers.join(', ')}) imports no resource folder.`,
      },
      ...(layer === 'lib' || layer === 'db'
        ? [{ group: ['../*/*'], message: 'lib/ and db/ import no other folder of the server.' }]
        : []),
    ]),
  ),
  ...serverResources.map((resource) =>
    serverZone(resource, [
      providerClient,
      {
        group: [
          '../*/*',
          ...serverLowerLayers.map((layer) => `!../${layer}/*`),
          '!../*/*-service.ts',
          '!../auth/tenant.ts',
        ],
        message: 'A resource folder reaches another only through its service (*-service.ts).',
      },
      { group: composition, message: 'Only the composition root (app.ts) wires the folders.' },
    ]),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...importBoundaries,
  ...serverBoundaries,
  {
    files: ['sims/*/public/**/*.js', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
