// ESLint flat config: TypeScript rules plus the one-way import zones of docs/style.md
// (core → nothing; lib, components → core; session → core, lib; features → core, lib, components, session, never a
// sibling; app → everything in src/; carrier → core; mocks/server → carrier, harness, core, never each other;
// nothing → e2e; testing/ is test support: tests, e2e, benchmarks and scripts may import it, product code never does).
// components/ never imports a mutation, the API client or a transport; src/core no React; functions ≤ 150 lines,
// containers ≤ 100. testing/lint-zones.test.ts and scripts/lint-rules.test.ts see each rule fire.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';

// Every folder under src/features/ is a feature, so a new one is fenced off from its siblings without editing this file.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const outsideCore = [
  './src/features',
  './src/app',
  './src/lib',
  './src/components',
  './src/session',
  './harness',
  './carrier',
  './server',
  './mocks',
  './testing',
  './e2e',
  './bench',
];

const zones = [
  { target: './src/core', from: outsideCore, message: 'src/core is pure and imports nothing outside itself.' },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature never imports a sibling feature; compose them in src/app.',
  })),
  {
    target: './src/features',
    from: ['./src/app', './harness', './carrier', './server', './mocks', './e2e'],
    message: 'Features import only core, lib, components and the session data layer.',
  },
  {
    target: './src/session',
    from: ['./src/features', './src/app', './src/components', './harness', './carrier', './server', './mocks'],
    message: 'The session data layer sits between lib and the features: it imports core and lib only.',
  },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app', './src/session', './harness', './carrier', './server', './mocks'],
    message: 'lib and components sit below the session layer and the features.',
  },
  { target: './src/lib', from: './src/components', message: 'lib sits below components: transport and stores never import a component.' },
  {
    target: './harness',
    from: ['./carrier', './server', './mocks', './src/features', './src/app', './src/lib', './src/components', './src/session', './e2e'],
    message: 'The harness engine imports only src/core.',
  },
  {
    target: './carrier',
    from: ['./harness', './server', './mocks', './src/features', './src/app', './src/lib', './src/components', './src/session', './e2e'],
    message: 'The carrier rules import only src/core.',
  },
  {
    target: ['./server', './mocks'],
    from: ['./src/features', './src/app', './src/components', './src/session', './e2e'],
    message: 'Adapters import carrier, harness and core only.',
  },
  { target: './server', from: './mocks', message: 'The two adapters never import each other; what they share lives in carrier/.' },
  { target: './mocks', from: './server', message: 'The two adapters never import each other; what they share lives in carrier/.' },
  { target: ['./src', './harness', './carrier', './server', './mocks', './bench', './testing'], from: './e2e', message: 'Nothing imports e2e.' },
  {
    target: ['./src', './harness', './carrier', './server', './mocks'],
    from: './testing',
    message: 'Product code never imports test support (testing/); tests and benchmarks may.',
  },
];

// What presentational pieces never touch: a mutation, the API client or a transport. Writes live in a feature's api/.
const transportImports = {
  paths: [{ name: '@tanstack/react-query', importNames: ['useMutation'], message: "A write is a hook in the feature's api/ folder, never a component." }],
  patterns: [
    {
      regex: '(^|/)lib/(api-client|downlink|session-log|liveness-probe)(\\.ts)?$',
      message: "Components never call the host: the API client and the transports are used from a feature's api/ folder.",
    },
  ],
};

// src/core is framework-free (its own tsconfig has no DOM types): no React, nor anything built on it.
const reactImports = {
  patterns: [
    {
      regex: '^(react|react-dom|zustand|@tanstack/react-[a-z-]+|@testing-library/react)(/.*)?$',
      message: 'src/core is framework-free: React and its libraries belong in src/components, src/session and the features.',
    },
  ],
};

// A function over this many lines (blank lines and comments not counted) is split; a container (a feature's top-level
// .tsx, or src/app) stays at most 100 and composes pieces from components/, api/ and model/.
const functionLength = (max) => ['error', { max, skipBlankLines: true, skipComments: true, IIFEs: true }];

// Component tests render features against the MSW-mocked harness, so test files may import mocks/; tests may import
// test support (testing/).
const testZones = zones
  .filter((zone) => zone.from !== './testing')
  .map((zone) => (zone.target === './src/features' ? { ...zone, from: zone.from.filter((from) => from !== './mocks') } : zone));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'public-msw/mockServiceWorker.js',
      'bench/scratch/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
    ],
  },
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended-strict'],
  // The strict set only warns here; a rest-destructured query result subscribes to every field, so it fails lint.
  { rules: { '@tanstack/query/no-rest-destructuring': 'error' } },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 8 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/features/*/**/*.{ts,tsx}'],
    ignores: ['src/features/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@tanstack/react-query', importNames: ['useMutation'], message: "A feature's writes are hooks in its api/ folder." }] },
      ],
    },
  },
  {
    files: ['src/**/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', transportImports] },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', reactImports] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': functionLength(150) },
  },
  {
    files: ['src/features/*/*.tsx', 'src/app/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': functionLength(100) },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: testZones }] },
  },
  {
    files: ['**/*.mjs', 'bin/**', 'scripts/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
);
