import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../tests/system/harness.js';

/** A shell without NODE_ENV, as a user's: vite builds React's development bundle when NODE_ENV=test (vitest sets it). */
function buildEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

function run(command: string, args: string[], cwd: string): void {
  const done = spawnSync(command, args, { cwd, env: buildEnv(), encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${done.stdout}\n${done.stderr}`);
}

/**
 * Builds the product as `npm start` does (`npm run build`), then builds the PWA once more, with
 * the same vite config and sources, into a directory of this run's own that the product serves
 * (HYPERHOOK_PWA_DIR). packages/pwa/dist is shared with everything else running in this checkout
 * (a browser-test run rebuilds it), and the product serves whatever is there at each request.
 * Returns the directory and a remover.
 */
export function buildProduct(skipNpmBuild: boolean): { pwaDir: string; indexHtml: string; remove: () => void } {
  if (!skipNpmBuild) run('npm', ['run', 'build'], REPO_ROOT);
  const pwaDir = mkdtempSync(join(tmpdir(), 'hyperhook-bench-pwa-'));
  run(
    process.execPath,
    [join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', pwaDir, '--emptyOutDir'],
    join(REPO_ROOT, 'packages', 'pwa'),
  );
  return { pwaDir, indexHtml: readFileSync(join(pwaDir, 'index.html'), 'utf8'), remove: () => rmSync(pwaDir, { recursive: true, force: true }) };
}

/** Fails unless the product serves this run's build (the built CLI must know HYPERHOOK_PWA_DIR). */
export async function assertServes(base: string, indexHtml: string): Promise<void> {
  // With the encodings a browser accepts: the product serves the build's precompressed copies (.br, .gz) when it can.
  const served = await (await fetch(`${base}/`)).text();
  if (served !== indexHtml)
    throw new Error('the product does not serve the PWA this bench built (HYPERHOOK_PWA_DIR ignored?): refusing to measure another build');
}
