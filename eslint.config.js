// Lint: typescript-eslint on every workspace, plus the import boundaries of docs/architecture.md:
// packages never import apps, apps never import each other; in the server lib ← data ← domain ←
// routes and http ← routes (scripts/eslint-layering.test.ts proves each refusal); inside each SPA code
// flows lib/ui → features → app with features isolated from one another (one zone per feature folder,
// found on disk so that a new feature is covered without touching this file).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import architecture from './scripts/eslint-plugin-architecture.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

function featureZones(app) {
  const dir = `./apps/${app}/src/features`;
  if (!existsSync(dir)) return [];
  const features = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => ({
    target: `${dir}/${feature}`,
    from: dir,
    except: [`./${feature}`],
    message: 'Features never import each other: go through the store or the API (docs/architecture.md).',
  }));
}

function spaZones(app) {
  return [
    ...featureZones(app),
    {
      target: [`./apps/${app}/src/lib`, `./apps/${app}/src/ui`],
      from: [`./apps/${app}/src/features`, `./apps/${app}/src/app`],
      message: 'lib/ and ui/ are shared code: they may not import features or the app.',
    },
    {
      target: `./apps/${app}/src/features`,
      from: `./apps/${app}/src/app`,
      message: 'Features may not import the app layer.',
    },
  ];
}

// The end-user app's first-load budget (docs/decisions.md D20, D21): these libraries are installed for
// the back office or the server, and would quietly come back into the SPA's bundle.
const WEB_RESTRICTED_IMPORTS = [
  { name: 'react-router', message: 'Use lib/router (decision D21).' },
  { name: 'react-router-dom', message: 'Use lib/router (decision D21).' },
  { name: 'i18next-http-backend', message: 'Use lib/i18n/fetch-backend.ts (decision D20).' },
  { name: 'immer', message: 'Slices use defineSlice without Immer (decision D20).' },
  {
    name: '@reduxjs/toolkit',
    importNames: ['createSlice', 'createReducer', 'createEntityAdapter'],
    message: 'They bring Immer: use lib/store/define-slice.ts (decision D20).',
  },
  { name: 'axios', message: 'Use lib/http (decision D14).' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { architecture },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'architecture/no-cycle': 'error',
      'architecture/restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
            {
              target: './apps/web',
              from: ['./apps/server', './apps/backoffice'],
              message: 'Apps never import each other.',
            },
            {
              target: './apps/backoffice',
              from: ['./apps/server', './apps/web'],
              message: 'Apps never import each other.',
            },
            {
              target: './apps/server',
              from: ['./apps/web', './apps/backoffice'],
              message: 'Apps never import each other.',
            },
            {
              target: './apps/server/src/data',
              from: ['./apps/server/src/routes', './apps/server/src/domain'],
              message: 'Repositories sit below use-cases and routes.',
            },
            {
              target: './apps/server/src/domain',
              from: './apps/server/src/routes',
              message: 'Use-cases never import routes.',
            },
            {
              target: './apps/server/src/domain',
              from: './apps/server/src/http',
              message: 'Use-cases never import the HTTP layer: they answer values or an AppError.',
            },
            {
              target: './apps/server/src/routes',
              from: './apps/server/src/data',
              message: 'Routes reach data through use-cases (Services), never a repository or the database.',
            },
            {
              target: './apps/server/src/http',
              from: './apps/server/src/routes',
              message: 'The HTTP layer (hooks, envelope, errors) sits below the routes.',
            },
            {
              target: './apps/server/src/lib',
              from: ['./apps/server/src/domain', './apps/server/src/data'],
              message: 'lib/ is shared code below the domain: it may not import use-cases or repositories.',
            },
            {
              target: './apps/server/src/providers',
              from: [
                './apps/server/src/domain',
                './apps/server/src/data',
                './apps/server/src/routes',
                './apps/server/src/http',
              ],
              message:
                "Vendor adapters (providers/) speak the vendors' APIs over lib/ only: the domain keeps the state.",
            },
            ...spaZones('web'),
            ...spaZones('backoffice'),
          ],
        },
      ],
    },
  },
  {
    // The simulated vendors' hosted page runs in the browser (docs/providers.md "The simulator").
    files: ['packages/vendor-simulator/src/assets/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: WEB_RESTRICTED_IMPORTS,
        },
      ],
    },
  },
  {
    // lib/router follows React Router's matching rules (decision D21); one test checks the route table
    // against React Router's own matchRoutes. Tests never reach the bundle, so only this import is let in.
    files: ['apps/web/src/app/routes-agreement.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: WEB_RESTRICTED_IMPORTS.filter((path) => path.name !== 'react-router'),
        },
      ],
    },
  },
);
