import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: REPO_ROOT });

/** The feature-boundary complaints ESLint, with the repository's config, makes about `code` at `path` (from the PWA's src/). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, 'packages/pwa/src', path) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the PWA lint: a feature imports no other feature (issue 29, point 7)', () => {
  it('given a file in features/logs importing features/positions, as written from there or through src/, then the lint fails', async () => {
    const sibling = await boundaryErrors('features/logs/Example.ts', "import { openPnl } from '../positions/positionMath';\nexport { openPnl };\n");
    const throughSrc = await boundaryErrors('features/logs/Example.ts', "export { openPnl } from '../../features/positions/positionMath';\n");
    const typeOnly = await boundaryErrors(
      'features/logs/Example.ts',
      "import type { TradingState } from '../trading/tradingApi';\nexport type { TradingState };\n",
    );
    expect([sibling, throughSrc, typeOnly].map((errors) => errors.length)).toEqual([1, 1, 1]);
    expect(sibling[0]).toMatch(/A feature imports no other feature/);
  });

  it("given a file in a feature's subfolder (features/logs/model), then `../../positions` is another feature and `../logsQuery` is its own", async () => {
    expect(await boundaryErrors('features/logs/model/example.ts', "export { openPnl } from '../../positions/positionMath';\n")).toHaveLength(1);
    expect(
      await boundaryErrors('features/logs/model/example.ts', "export { logsQueryOptions } from '../logsQuery';\nexport { filterLogs } from './filterLogs';\n"),
    ).toEqual([]);
  });

  it("given imports of lib/, components/, the test helpers and the feature's own files, then no complaint", async () => {
    const code = [
      "export { formatDateTime } from '../../lib/format/time';",
      "export { useAuth } from '../../lib/auth/useAuth';",
      "export { Card } from '../../components/Card';",
      "export { renderWithProviders } from '../../test/renderWithProviders';",
      "export { serveLogs } from './logs.fixtures';",
      "export { LogRow } from '../logs/LogRow';",
      "export { LogsTab } from '../../features/logs/LogsTab';",
      '',
    ].join('\n');
    expect(await boundaryErrors('features/logs/Example.ts', code)).toEqual([]);
  });

  it('given app/ importing features (it composes them), then no complaint', async () => {
    expect(
      await boundaryErrors(
        'app/dashboard/Example.ts',
        "export { default as LogsTab } from '../../features/logs/LogsTab';\nexport { TradingDialog } from '../../features/trading/TradingDialog';\n",
      ),
    ).toEqual([]);
  });
});
