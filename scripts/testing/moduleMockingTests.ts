import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listTestFiles } from '../wallClock/listTestFiles.js';

/** A test file that replaces a module (a `vi.mock` or `vi.doMock` statement): it needs a module graph of its own. */
export const MOCKS_MODULES = /^\s*vi\.(do)?[mM]ock\(/m;

/**
 * The test files under `dir` that replace a module, relative to `root`. Without isolation, files
 * that share a worker share one module graph: such a file would see the modules earlier files
 * loaded unmocked, and later files would see its mocks.
 */
export function moduleMockingTests(root: string, dir: string): string[] {
  return listTestFiles(root, [dir]).filter((path) => MOCKS_MODULES.test(readFileSync(join(root, path), 'utf8')));
}
