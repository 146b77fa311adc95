import { describe, expect, it } from 'vitest';
import type { ChainLinks } from '../ports/ChainLinks.js';

const link = (position: number) => ({ position, hash: position.toString(16).padStart(64, '0') });

/** The ChainLinks contract (issue 31, point 4): links in order, never a fork. `open` gives an empty chain; `close` releases it. */
export function runChainLinksContract(name: string, open: () => Promise<{ links: ChainLinks; close(): Promise<void> }>): void {
  describe(`ChainLinks contract: ${name}`, () => {
    const withLinks = async (test: (links: ChainLinks) => Promise<void>) => {
      const opened = await open();
      try {
        await test(opened.links);
      } finally {
        await opened.close();
      }
    };

    it('given an empty chain, then no last link; links appended at the start are the chain, in order', () =>
      withLinks(async (links) => {
        expect(await links.last()).toBeNull();
        expect(await links.append(null, [link(10), link(20)])).toBe(true);
        expect(await links.append(link(20), [link(35)])).toBe(true);
        expect(await links.last()).toEqual(link(35));
        expect(await links.hashesAt([35, 10, 99])).toEqual(
          new Map([
            [35, link(35).hash],
            [10, link(10).hash],
          ]),
        );
        expect(await links.hashesAt([])).toEqual(new Map());
      }));

    it('given a batch that does not extend the last link (another follower was first), then it is refused and nothing of it is written', () =>
      withLinks(async (links) => {
        expect(await links.append(null, [link(1), link(2)])).toBe(true);
        expect(await links.append(null, [link(1)])).toBe(false);
        expect(await links.append(link(1), [link(2), link(3)])).toBe(false);
        expect(await links.append({ position: 2, hash: 'f'.repeat(64) }, [link(3)])).toBe(false);
        expect(await links.last()).toEqual(link(2));
        expect([...(await links.hashesAt([1, 2, 3])).keys()].sort()).toEqual([1, 2]);
      }));

    it('given two followers appending the same next links at once, then exactly one is written', () =>
      withLinks(async (links) => {
        await links.append(null, [link(1)]);
        const results = await Promise.all([links.append(link(1), [link(2), link(3)]), links.append(link(1), [link(2), link(3)])]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await links.last()).toEqual(link(3));
        expect((await links.hashesAt([1, 2, 3])).size).toBe(3);
      }));
  });
}
