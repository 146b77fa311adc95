import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleMockingTests } from './moduleMockingTests.js';

describe('the test files that must run isolated (issue 40, point 10)', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('issue 40, point 10: given test files with and without vi.mock / vi.doMock, then only those that replace a module are named, node_modules left out', () => {
    // given
    const dir = mkdtempSync(join(tmpdir(), 'hyperhook-mocks-'));
    root = dir;
    const write = (path: string, code: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), code);
    };
    write('src/a.test.ts', "vi.mock('./b.js', () => ({}));");
    write('src/deep/c.test.tsx', "vi.doMock('./d.js');");
    write('src/e.test.ts', 'vi.fn(); vi.mocked(x);');
    write('src/f.ts', "vi.mock('./g.js');");
    write('src/node_modules/h.test.ts', "vi.mock('./i.js');");
    // when
    const found = moduleMockingTests(dir, 'src').sort();
    // then
    expect(found).toEqual(['src/a.test.ts', 'src/deep/c.test.tsx']);
  });

  it('issue 40, point 10: given this repository, then the files known to mock modules are found', () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url));
    expect(moduleMockingTests(repo, 'packages/store/src')).toContain('packages/store/src/sqlite/startWalCheckpointer.test.ts');
  });
});
