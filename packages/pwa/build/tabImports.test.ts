import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { tabImports } from './tabImports.ts';

describe('tabImports', () => {
  it("given the tab panels' module as the build sees it, then each tab's key and the path it imports, nothing else", () => {
    const code = `import { lazyScreen } from "../lazyScreen";
export const TAB_PANELS = {
  webhook: lazyScreen(() => import("../../features/webhook/WebhookTab")),
  logs: lazyScreen(() => import('../../features/logs/LogsTab')),
  other: lazyScreen(load),
};
const unrelated = { label: 'x', run: () => 1 };`;
    expect([...tabImports(parseAst(code))]).toEqual([
      ['webhook', '../../features/webhook/WebhookTab'],
      ['logs', '../../features/logs/LogsTab'],
    ]);
  });
});
