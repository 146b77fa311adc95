import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not the harness's REPO_ROOT: global setup is loaded without the "source" export condition, so it
// must not import workspace packages.
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Set once this run has built the product: the projects that need it run their global setups in one process. */
const BUILT = 'HYPERHOOK_TEST_RUN_BUILT';
/** Set by a caller that has just built the product from this checkout (CI): nothing to build. */
const PREBUILT = 'HYPERHOOK_TEST_PREBUILT';

/**
 * The browser and process tests run the product as `npm start` does: the built CLI serving the
 * built PWA. Build first, once per run, so they never test a stale build. The build emits without
 * checking types again (`build:unchecked`): `npm run typecheck` checks every file the build emits,
 * and checking them twice cost CI about 12 s.
 */
export default function buildProduct(): void {
  if (process.env[BUILT] === String(process.pid)) return;
  // `.ci/run` builds beside the checks, before `npm test`, and says so.
  if (process.env[PREBUILT] === '1') return;
  // Without vitest's NODE_ENV=test, as a shell running `npm start` has none: with it, vite bundles
  // React's development build and workbox's debug logging into the service worker.
  const env = { ...process.env };
  delete env.NODE_ENV;
  const build = spawnSync('npm', ['run', 'build:unchecked'], { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (build.status !== 0) throw new Error(`npm run build:unchecked failed (exit ${build.status}): the browser and process tests need the built product`);
  process.env[BUILT] = String(process.pid);
}
