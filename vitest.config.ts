import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { moduleMockingTests } from './scripts/testing/moduleMockingTests.js';
import { TEST_ROOTS } from './scripts/wallClock/listTestFiles.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The tests that run the product as processes, as `npm start` and the cluster run it. */
const PROCESS_TESTS = ['tests/system/**/*.test.ts', 'tests/smoke/**/*.test.ts'];

/**
 * The process tests that count what restarted or draining roles served under load on a clock: they
 * run apart from every other file, or a restarted role misses the load it must serve. Their own
 * load is light (8 alerts/s), so two of them share the cores.
 */
const LOAD_TESTS = ['tests/system/faults*.test.ts', 'tests/system/clusterRestarts.test.ts', 'tests/system/drain.test.ts'];

/** Files that replace a module: each gets a fresh module graph (isolated), beside the others. */
const NODE_MOCKING = TEST_ROOTS.flatMap((dir) => moduleMockingTests(ROOT, dir)).filter((path) => !path.startsWith('packages/pwa/'));
const PWA_MOCKING = moduleMockingTests(`${ROOT}packages/pwa`, 'src');

/** A project of the PWA's component tests, in jsdom, two workers like the unit files beside them. */
function pwaProject(test: { name: string; include: string[]; exclude?: string[]; setupFiles: string[]; isolate?: boolean }) {
  return {
    extends: './packages/pwa/vite.config.ts',
    test: { root: './packages/pwa', environment: 'jsdom' as const, testTimeout: 20_000, maxWorkers: 2, ...test },
  };
}

// Workspace packages are resolved to their TypeScript sources through the "source" export
// condition, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Three groups, one after another. First the unit and component files, two workers without
    // isolation: they hold no state between files (each makes its own stores, servers and clocks),
    // and importing the module graph anew per file cost more than their tests; only the few files
    // that mock a module run isolated. Then the product's process files and its browser files,
    // three at a time. Last, apart from the rest, the load tests, two at a time. Projects run one
    // after another, each with its own workers: sharing the cores, process and browser files slowed
    // each other more than they gained.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'packages/pwa/**', 'tests/browser/**', ...PROCESS_TESTS, ...NODE_MOCKING],
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: 'node-mocking', include: NODE_MOCKING, maxWorkers: 2 },
      },
      // The PWA's component tests: its own Vite config (React, the PWA plugin's virtual modules) in jsdom.
      pwaProject({
        name: 'pwa',
        include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
        exclude: ['**/node_modules/**', ...PWA_MOCKING],
        setupFiles: ['./src/test/setup.ts', './src/test/loadLazyScreens.ts'],
        isolate: false,
      }),
      pwaProject({ name: 'pwa-mocking', include: PWA_MOCKING, setupFiles: ['./src/test/setup.ts'] }),
      {
        // The product as processes: a product and a simulator per file, mostly waiting on each
        // other, so three files at a time keep the two cores busy; both this and the browser
        // project run the built CLI, which the global setup builds first.
        extends: true,
        test: {
          name: 'process',
          include: PROCESS_TESTS,
          exclude: LOAD_TESTS,
          globalSetup: ['tests/browser/globalSetup.ts'],
          isolate: false,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The product in Debian's Chromium, three files at a time for the same reason. Not isolated:
        // the files of a worker share its Chromium (tests/browser/support/chromium.ts), each with
        // contexts of its own.
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/globalSetup.ts'],
          isolate: false,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'load',
          include: LOAD_TESTS,
          globalSetup: ['tests/browser/globalSetup.ts'],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
