import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A test file that replaces a module (a `vi.mock` or `vi.doMock` statement): it needs a module graph of its own. */
export const MOCKS_MODULES = /^\s*vi\.(do)?[mM]ock\(/m;

/**
 * The test files under `dir` that replace a module, relative to `root`. Without isolation, files
 * that share a worker share one module graph: such a file would see the modules earlier files
 * loaded unmocked, and later files would see its mocks.
 */
export function moduleMockingTests(root: string, dir: string): string[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(path);
      return /\.test\.tsx?$/.test(entry.name) && MOCKS_MODULES.test(readFileSync(path, 'utf8')) ? [relative(root, path)] : [];
    });
  return walk(join(root, dir));
}
