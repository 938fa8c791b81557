import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { serverZones, webZones } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'bench/results/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // One clock: every time decision of the server reads the injectable app clock
  // (`app.clock.now()` / `ctx.clock.now()`, lib/clock.ts), so tests can pin and move it and a
  // process never mixes two clocks. Durations for logs and metrics use performance.now().
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/lib/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the app clock (clock.now(), lib/clock.ts) instead of new Date(): every time decision uses the injectable clock.',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'Read the app clock (clock.now(), lib/clock.ts) instead of Date(): every time decision uses the injectable clock.',
        },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'Read the app clock (clock.now().getTime(), lib/clock.ts) instead of Date.now(); time a duration with performance.now().',
        },
      ],
    },
  },
  // Typed calls: the web reaches the server only through lib/api.ts's call()/download() with a
  // route of the shared table (apiRoutes, packages/shared/src/api/routes.ts), whose contract types
  // the params, body and answer. No API path is written out, no other fetch, and the contracts are
  // imported as types only (their zod schemas stay out of pages without a form).
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/?api\\//]',
          message: 'Call the route through call(apiRoutes.<area>.<name>, ...) from lib/api.ts instead of writing its path.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/?api\\//]',
          message: 'Call the route through call(apiRoutes.<area>.<name>, ...) from lib/api.ts instead of writing its path.',
        },
        {
          selector: "CallExpression[callee.name=/^(call|download)$/] > :first-child:not(MemberExpression[object.object.name='apiRoutes'])",
          message: 'Pass a route of the shared table: call(apiRoutes.<area>.<name>, ...).',
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kita/shared/api',
              allowTypeImports: true,
              message: "Import the route table from '@kita/shared/api/routes'; the contracts (with zod) are for types only here.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/lib/api.ts', 'apps/web/src/lib/auth.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Reach the server through call() of lib/api.ts.' }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Reach the server through call() of lib/api.ts.' },
        { object: 'globalThis', property: 'fetch', message: 'Reach the server through call() of lib/api.ts.' },
      ],
    },
  },
  // The browser tests call the API as the web does: through apiData/apiSend (e2e/tests/support.ts)
  // with a route of the shared table, so a changed contract fails their typecheck too.
  {
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete|fetch)$/] > Literal.arguments:first-child[value=/^\\/?api\\//]",
          message: 'Call the route through apiData/apiSend(request, apiRoutes.<area>.<name>, ...) from ./support instead of writing its path.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete|fetch)$/] > TemplateLiteral.arguments:first-child[quasis.0.value.raw=/^\\/?api\\//]",
          message: 'Call the route through apiData/apiSend(request, apiRoutes.<area>.<name>, ...) from ./support instead of writing its path.',
        },
      ],
    },
  },
  // Dependency direction (eslint.boundaries.js): layers and allowlists, and no import cycles.
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // @kita/shared never imports an app, so no-cycle need not walk into it.
      'import-x/external-module-folders': ['node_modules', 'packages/shared'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones(), ...webZones()] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
