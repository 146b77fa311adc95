import { beforeAll } from 'vitest';

// The screens and tabs the app loads lazily (router.tsx, app/screens.ts, app/dashboard/tabPanels.ts).
const SCREENS = import.meta.glob(['../app/**/*.tsx', '../features/**/*.tsx', '!../**/*.test.tsx']);

/**
 * For the component tests that share one module graph per worker (vitest.config.ts): a lazy screen
 * a test renders may still be loading when its file ends, and a module half-loaded as the file's
 * environment is torn down breaks the files after it. Loaded before the first test, every lazy
 * import is answered from the cache at once; after the first file of a worker this costs nothing.
 */
beforeAll(async () => {
  await Promise.all(Object.values(SCREENS).map((load) => load()));
});
