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
  {
    files: ['sims/*/public/**/*.js', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
