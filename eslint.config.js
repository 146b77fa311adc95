import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { packageBoundaries, parsePackageTable } from './scripts/lint/packageBoundaries.js';

const PWA_FEATURES = 'packages/pwa/src/features';

/** `text` matched literally inside a regular expression. */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 29, point 7: a PWA feature imports no other feature. What several features need lives in
 * lib/ or components/, and app/ composes features. ESLint's own no-restricted-imports matches the
 * import as written, so each folder depth of each feature gets its own patterns: from
 * features/logs/model/x.ts, `../../positions/y` leaves the feature and `../filterLogs` does not.
 * (Dynamic `import()` is not checked by that rule; features load no feature lazily.)
 */
function featureBoundaries() {
  const root = new URL(`./${PWA_FEATURES}/`, import.meta.url);
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const depthsOf = (dir, depth = 1) => [
    depth,
    ...readdirSync(new URL(dir, root), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => depthsOf(`${dir}${entry.name}/`, depth + 1)),
  ];
  const message = 'A feature imports no other feature (issue 29, point 7): move what both need to entities/, lib/ or components/, or compose them in app/.';
  return features.flatMap((feature) => {
    const self = escape(feature);
    return [...new Set(depthsOf(`${feature}/`))].map((depth) => ({
      files: [`${PWA_FEATURES}/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              // Up to features/ and into another one: `../positions/x` from features/logs/x.ts.
              { regex: `^(\\.\\./){${depth}}(?!${self}(/|$))[^./]`, message },
              // Through src/: `../../features/positions/x`.
              { regex: `(^|/)features/(?!${self}(/|$))`, message },
            ],
          },
        ],
      },
    }));
  });
}

/**
 * Issue 40, point 6: the PWA in layers. lib/ is infrastructure (the api client, the session, the
 * cache, formats) and knows no trader data; entities/ is the trader's data that several features
 * show (strategies, balance, positions, webhook logs, the paper account); components/ is shared
 * UI. None of them imports a feature or app/, and lib/ imports no entity.
 */
function layerBoundaries() {
  const layer = (dir, forbidden) => ({
    files: [`packages/pwa/src/${dir}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(${forbidden.join('|')})/`,
              message: `${dir}/ imports nothing from ${forbidden.join(', ')}/ (issue 40, point 6: see packages/pwa/README.md)`,
            },
          ],
        },
      ],
    },
  });
  return [layer('lib', ['entities', 'features', 'app']), layer('entities', ['features', 'app']), layer('components', ['entities', 'features', 'app'])];
}

/**
 * Issue 40, point 4: which workspace package may import which, as ARCHITECTURE.md's table says
 * (read at lint time, so the table is the rule). Production files only: see packageBoundaries.
 */
function workspaceBoundaries() {
  const table = parsePackageTable(readFileSync(new URL('./ARCHITECTURE.md', import.meta.url), 'utf8'));
  const packageDirs = readdirSync(new URL('./packages/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return packageBoundaries(table, packageDirs);
}

/**
 * The PWA bundles the domain (ARCHITECTURE.md: "only browser-safe parts of the domain"), so the
 * domain's production code uses no Node built-in module or Node-only global; its tests and
 * testing/ helpers run in Node and may. (ESLint's no-restricted-imports here, as for the PWA's
 * features: the package table uses typescript-eslint's, so neither replaces the other.)
 */
function browserSafeDomain() {
  const bare = builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith('node:')).map(escape);
  const message = 'The domain runs in browsers too (the PWA bundles it): Node-only code belongs in another package.';
  return {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(node:|(${bare.join('|')})(/|$))`, caseSensitive: true, message }] }],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'global', 'require', '__dirname', '__filename', 'setImmediate', 'clearImmediate'].map((name) => ({ name, message })),
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'packages/pwa/dev-dist/**', 'coverage/**', 'tests/browser/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The PWA runs in browsers (and its service worker in a worker); React's hook rules apply.
    files: ['packages/pwa/src/**/*.{ts,tsx}', 'packages/pwa/build/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...featureBoundaries(),
  ...layerBoundaries(),
  ...workspaceBoundaries(),
  browserSafeDomain(),
);
