import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where the repository's tests live. */
export const TEST_ROOTS = ['packages', 'tests', 'bench', 'scripts'] as const;

const SKIPPED = new Set(['node_modules', 'dist']);

/** The `*.test.ts` and `*.test.tsx` files under `roots` of `repoRoot` (node_modules and dist left out), relative to it, sorted. */
export function listTestFiles(repoRoot: string, roots: readonly string[] = TEST_ROOTS): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.isFile() && /\.test\.tsx?$/.test(entry.name)) {
        found.push(relative(repoRoot, join(dir, entry.name)));
      }
    }
  };
  for (const root of roots) walk(join(repoRoot, root));
  return found.sort();
}
