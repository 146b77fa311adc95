/**
 * Issue 40, point 4: the workspace packages' boundaries, read from ARCHITECTURE.md's table
 * "Packages and what each may import" so that the document and the lint cannot drift apart.
 * Plain JavaScript because eslint.config.js imports it as it is.
 */

const SECTION = /^##\s+(?:\d+\.\s*)?Packages and what each may import\s*$/m;
const NAME = /^`([a-z][a-z0-9-]*)`$/;
/** The "may import" cell of a package that imports no other one. */
const NONE = new Set(['—', '–', '-']);

/**
 * The table as a map from each package's short name (`api` is @hyperhook/api in packages/api)
 * to the short names it may import. Throws on anything it cannot read rather than skipping it:
 * a row read wrong would silently lift a package's boundary.
 */
export function parsePackageTable(markdown) {
  const start = markdown.search(SECTION);
  if (start < 0) throw new Error('ARCHITECTURE.md has no section "## 2. Packages and what each may import"');
  const lines = markdown.slice(start).split('\n').slice(1);
  const first = lines.findIndex((line) => line.trimStart().startsWith('|'));
  const heading = lines.findIndex((line) => /^#{1,2}\s/.test(line));
  if (first < 0 || (heading >= 0 && heading < first)) throw new Error('ARCHITECTURE.md: the section "Packages and what each may import" has no table');
  const after = lines.slice(first).findIndex((line) => !line.trimStart().startsWith('|'));
  // The header row and the |---| row come first.
  const rows = lines.slice(first, after < 0 ? undefined : first + after).slice(2);
  const table = new Map();
  for (const row of rows) {
    const [packageCell = '', mayImportCell = ''] = row
      .trim()
      .replace(/^\|/, '')
      .split('|')
      .map((cell) => cell.trim());
    const name = NAME.exec(packageCell)?.[1];
    if (name === undefined) throw new Error(`ARCHITECTURE.md, package table: "${packageCell}" is not a backticked package name, in row ${row}`);
    if (table.has(name)) throw new Error(`ARCHITECTURE.md, package table: \`${name}\` has two rows`);
    const mayImport = NONE.has(mayImportCell)
      ? []
      : mayImportCell.split(',').map((cell) => {
          const allowed = NAME.exec(cell.trim())?.[1];
          if (allowed === undefined)
            throw new Error(`ARCHITECTURE.md, package table: \`${name}\` may import "${cell.trim()}", which is neither a backticked package name nor —`);
          return allowed;
        });
    table.set(name, mayImport);
  }
  for (const [name, mayImport] of table) {
    for (const allowed of mayImport)
      if (!table.has(allowed)) throw new Error(`ARCHITECTURE.md, package table: \`${name}\` may import \`${allowed}\`, which has no row`);
  }
  return table;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One flat-config object per package: in the production files of packages/<name>/src, importing
 * any @hyperhook/<x> (or a subpath, @hyperhook/<x>/…) that the table does not allow is an error.
 * Tests (*.test.ts) and testing/ helper folders are left out: they may assemble a stack from
 * more packages than the code they test (the api's tests start a projector and an executor).
 *
 * `packageDirs` are the folders under packages/: each must have a row and each row a folder, so
 * that a new package cannot go unchecked.
 *
 * The rule is typescript-eslint's no-restricted-imports (ESLint's own, extended to TypeScript's
 * import forms), not ESLint's: in a flat config, a later object's options for a rule replace an
 * earlier one's for the same files, and ESLint's no-restricted-imports carries the PWA's feature
 * boundaries and the domain's browser safety (eslint.config.js). Two rules, so both apply.
 * Dynamic import() is not checked.
 */
export function packageBoundaries(table, packageDirs) {
  const unlisted = packageDirs.filter((dir) => !table.has(dir));
  if (unlisted.length > 0) throw new Error(`ARCHITECTURE.md, package table: no row for packages/${unlisted.join(', packages/')}`);
  const missing = [...table.keys()].filter((name) => !packageDirs.includes(name));
  if (missing.length > 0) throw new Error(`ARCHITECTURE.md, package table: no folder packages/${missing.join(', packages/')}`);
  return [...table].map(([name, mayImport]) => {
    const message =
      mayImport.length > 0
        ? `${name} may import only ${mayImport.map((other) => `@hyperhook/${other}`).join(', ')} (ARCHITECTURE.md, section 2): move what it needs into one of those, or change the table.`
        : `${name} imports no other workspace package (ARCHITECTURE.md, section 2).`;
    return {
      files: [`packages/${name}/src/**/*.{ts,tsx}`],
      ignores: [`packages/${name}/src/**/*.test.{ts,tsx}`, `packages/${name}/src/**/testing/**`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { patterns: [{ regex: `^@hyperhook/(?!(${[name, ...mayImport].map(escape).join('|')})(/|$))`, caseSensitive: true, message }] },
        ],
      },
    };
  });
}
