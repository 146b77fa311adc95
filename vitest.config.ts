import { defineConfig } from 'vitest/config';

// Workspace packages are resolved to their TypeScript sources through the
// "source" export condition, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One worker, vitest's default on these 2-core machines. Three were tried: the unit tests gain,
    // but the system tests, each a set of role processes killed and restarted on a clock, then
    // share two cores with other files and a restarted role misses the load it must serve.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'packages/pwa/**', 'tests/browser/**'],
        },
      },
      {
        // The PWA's component tests: its own Vite config (React, the PWA plugin's virtual modules) in jsdom.
        extends: './packages/pwa/vite.config.ts',
        test: {
          name: 'pwa',
          root: './packages/pwa',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The whole product in Debian's Chromium: heavy (a product, a simulator and a browser per
        // file), so one file at a time, after the other projects.
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/globalSetup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
