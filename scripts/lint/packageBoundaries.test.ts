import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { packageBoundaries, parsePackageTable } from './packageBoundaries.js';

const REPO_ROOT = new URL('../../', import.meta.url);

const table = (rows: string) =>
  `# x\n\n## 2. Packages and what each may import\n\nThe rule.\n\n| package | may import | what it is |\n|---|---|---|\n${rows}\n\n## 3. Next\n\n| a | b |\n|---|---|\n| \`c\` | \`d\` |\n`;

describe('parsePackageTable', () => {
  it("issue 40, point 4: given the section's table, then each package maps to what it may import, — to nothing", () => {
    // when
    const parsed = parsePackageTable(table('| `domain` | — | pure |\n| `store` | — | ports |\n| `api` | `domain`, `store` | the gateway |'));
    // then
    expect([...parsed]).toEqual([
      ['domain', []],
      ['store', []],
      ['api', ['domain', 'store']],
    ]);
  });

  it('given ARCHITECTURE.md itself, then every package under packages/ has a row and the api may not import the projector', () => {
    // when
    const parsed = parsePackageTable(readFileSync(new URL('ARCHITECTURE.md', REPO_ROOT), 'utf8'));
    // then
    expect(parsed.get('domain')).toEqual([]);
    expect(parsed.get('pwa')).toEqual(['domain']);
    expect(parsed.get('api')).not.toContain('projector');
  });

  it('given a cell it cannot read, a row naming an unknown package, or no section, then it throws rather than lift a boundary', () => {
    expect(() => parsePackageTable(table('| `api` | domain | the gateway |\n| `domain` | — | pure |'))).toThrow(/`api` may import "domain"/);
    expect(() => parsePackageTable(table('| `api` | `domian` | the gateway |\n| `domain` | — | pure |'))).toThrow(/`domian`, which has no row/);
    expect(() => parsePackageTable(table('| api | — | the gateway |'))).toThrow(/not a backticked package name/);
    expect(() => parsePackageTable('# x\n\n## 2. Packages\n')).toThrow(/no section/);
  });
});

describe('packageBoundaries', () => {
  it('given a package folder without a row, or a row without a folder, then it throws', () => {
    const parsed = parsePackageTable(table('| `domain` | — | pure |\n| `api` | `domain` | the gateway |'));
    expect(() => packageBoundaries(parsed, ['domain', 'api', 'ghost'])).toThrow(/no row for packages\/ghost/);
    expect(() => packageBoundaries(parsed, ['domain'])).toThrow(/no folder packages\/api/);
  });
});

describe('eslint.config.js', () => {
  const eslint = new ESLint({ cwd: fileURLToPath(REPO_ROOT) });
  /** The boundary rules' messages for `code` linted as the repository file `filePath`. */
  const problems = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId?.endsWith('no-restricted-imports') || m.ruleId === 'no-restricted-globals')
      .map((m) => `${m.ruleId}: ${m.message}`);
  };

  it('issue 40, point 4: given an api production file, when it imports the executor or a projector subpath, then each is refused; the domain and a hyperliquid subpath are not', async () => {
    // when
    const refused = await problems(
      'packages/api/src/routes/x.ts',
      "import { startExecutor } from '@hyperhook/executor';\nimport { y } from '@hyperhook/projector/y';\nexport { startExecutor, y };\n",
    );
    const allowed = await problems(
      'packages/api/src/routes/x.ts',
      "import { userStreamId } from '@hyperhook/domain';\nimport type { Simulator } from '@hyperhook/hyperliquid/sim';\nexport { userStreamId };\nexport type { Simulator };\n",
    );
    // then
    expect(refused).toEqual([
      expect.stringMatching(
        /^@typescript-eslint\/no-restricted-imports: '@hyperhook\/executor' .*api may import only @hyperhook\/domain, @hyperhook\/eventsourcing/,
      ),
      expect.stringMatching(/'@hyperhook\/projector\/y'/),
    ]);
    expect(allowed).toEqual([]);
  });

  it("given the api's tests and testing/ helpers, when they import the projector and the executor to assemble a stack, then nothing is refused", async () => {
    const code =
      "import { startProjector } from '@hyperhook/projector';\nimport { startExecutor } from '@hyperhook/executor';\nexport { startProjector, startExecutor };\n";
    expect(await problems('packages/api/src/live/x.test.ts', code)).toEqual([]);
    expect(await problems('packages/api/src/testing/x.ts', code)).toEqual([]);
  });

  it('given a PWA feature file, when it imports another feature and the store, then both the feature boundary and the package boundary are reported', async () => {
    // when
    const reported = await problems(
      'packages/pwa/src/features/logs/x.tsx',
      "import { a } from '../positions/a';\nimport { b } from '@hyperhook/store';\nexport const c = [a, b];\n",
    );
    // then
    expect(reported).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*A feature imports no other feature/),
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*pwa may import only @hyperhook\/domain/),
    ]);
  });

  it('given a domain production file, when it imports a Node module or another package or reads process, then each is refused; its tests may use Node', async () => {
    const code = "import { createHash } from 'node:crypto';\nimport { a } from '@hyperhook/store';\nexport const b = [createHash, a, process.env];\n";
    expect(await problems('packages/domain/src/x.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'node:crypto' .*runs in browsers too/),
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*domain imports no other workspace package/),
      expect.stringMatching(/^no-restricted-globals: .*'process'/),
    ]);
    expect(await problems('packages/domain/src/x.test.ts', "import { createHash } from 'node:crypto';\nexport const b = [createHash, process.env];\n")).toEqual(
      [],
    );
  });
});
