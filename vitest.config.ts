import { defineConfig } from 'vitest/config';

// Workspace packages are resolved to their TypeScript sources through the
// "source" export condition, so tests never need a prior build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
