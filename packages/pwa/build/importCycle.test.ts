import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { importCycle } from './firstScreenChunk.ts';

const chunk = (fileName: string, imports: string[], moduleIds = [`/src/${fileName.replace('.js', '.ts')}`]) =>
  ({ type: 'chunk', fileName, imports, moduleIds }) as unknown as OutputChunk;
const bundleOf = (...chunks: OutputChunk[]) => Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;

describe('importCycle', () => {
  it('given a chunk whose import imports it back through another, then that chain', () => {
    const dashboard = chunk('dashboard.js', ['a.js', 'vendor.js']);
    const bundle = bundleOf(dashboard, chunk('a.js', ['b.js']), chunk('b.js', ['dashboard.js']), chunk('vendor.js', []));
    expect(importCycle(bundle, dashboard)).toEqual(['dashboard.js', 'a.js', 'b.js', 'dashboard.js']);
  });

  it('given chunks that share imports without any leading back, then none', () => {
    const dashboard = chunk('dashboard.js', ['a.js', 'b.js']);
    const bundle = bundleOf(dashboard, chunk('a.js', ['vendor.js']), chunk('b.js', ['vendor.js', 'a.js']), chunk('vendor.js', []));
    expect(importCycle(bundle, dashboard)).toBeNull();
  });

  it("given a tab's facade that holds only its stylesheet and re-exports the chunk, then no cycle: it runs nothing", () => {
    const dashboard = chunk('dashboard.js', ['WebhookTab.js', 'vendor.js']);
    const bundle = bundleOf(dashboard, chunk('WebhookTab.js', ['dashboard.js'], ['/src/features/webhook/webhook.css']), chunk('vendor.js', []));
    expect(importCycle(bundle, dashboard)).toBeNull();
  });
});
