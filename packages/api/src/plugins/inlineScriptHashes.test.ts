import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inlineScriptHashes.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('given a page with inline and external scripts, then one hash per inline script, of its exact text, and none for scripts with a src', () => {
    // given
    const theme = "(function () { document.documentElement.dataset.theme = 'dark'; })();";
    const html = `<head><script>${theme}</script><script type="module" crossorigin src="/assets/index.js"></script></head><body><script type="text/javascript">\n1;\n</script></body>`;
    // when
    const hashes = inlineScriptHashes(html);
    // then
    expect(hashes).toEqual([sha256(theme), sha256('\n1;\n')]);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('given a page without inline scripts, then no hash', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>no script</p>')).toEqual([]);
  });
});
