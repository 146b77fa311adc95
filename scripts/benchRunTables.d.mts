// The types of benchRunTables.mjs (plain JavaScript, run by scripts/benchRun.mjs) for its test.

/** A markdown table's line under its header: `|---|---:|`. */
export function isSeparator(line: string): boolean;
/** A row key for each name cell in turn, a repeated name numbered by its turn. */
export function rowKeys(): (cell: string) => string;
export function rowsOf(text: string, options?: { readonly withBefore?: boolean }): Map<string, string[]>;
export function withBefore(output: string, before: ReadonlyMap<string, readonly string[]>, label: string, keyOf: (cell: string) => string): string;
