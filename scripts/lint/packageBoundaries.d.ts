// The types of packageBoundaries.js (plain JavaScript, imported by eslint.config.js) for its test.
import type { Linter } from 'eslint';

export function parsePackageTable(markdown: string): Map<string, string[]>;
export function packageBoundaries(table: ReadonlyMap<string, readonly string[]>, packageDirs: readonly string[]): Linter.Config[];
