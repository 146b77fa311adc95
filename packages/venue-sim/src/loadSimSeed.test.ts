import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSimSeed, parseSimSeed } from './loadSimSeed.js';
import { startSimulator } from './startSimulator.js';
import { info } from './testing/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'simseed-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadSimSeed', () => {
  it('given a seed file, when loaded and started, then the simulator has its assets and accounts', async () => {
    const file = join(dir, 'seed.json');
    await writeFile(
      file,
      JSON.stringify({
        network: 'mainnet',
        seed: 9,
        priceTickMs: null,
        assets: [{ name: 'XYZ', szDecimals: 2, maxLeverage: 5, markPx: 12.5 }],
        accounts: [{ address: '0x14791697260E4c9A71f18484C9f997B308e59325', usdc: 123 }],
      }),
    );
    const opts = await loadSimSeed(file);
    expect(opts).toMatchObject({ network: 'mainnet', seed: 9, priceTickMs: null });
    const sim = await startSimulator(opts);
    try {
      expect(await info(sim.url, { type: 'allMids' })).toEqual({ XYZ: '12.5' });
      const s = await info<{ withdrawable: string }>(sim.url, { type: 'clearinghouseState', user: '0x14791697260e4c9a71f18484c9f997b308e59325' });
      expect(s.withdrawable).toBe('123.0');
    } finally {
      await sim.close();
    }
  });

  it('given an invalid seed, then a readable error', () => {
    expect(() => parseSimSeed({ accounts: [{ address: 'bob', usdc: -1 }] })).toThrow(/invalid simulator seed/);
  });

  it('given an omitted priceTickMs, then it stays undefined (default walk)', () => {
    expect('priceTickMs' in parseSimSeed({})).toBe(false);
  });

  it('given a seed with thin books, then they are parsed into the books option; a bad depth is a readable error (issue 39.5)', () => {
    expect(parseSimSeed({ books: [{ coin: 'BTC', levelSz: 0.004, levels: 1 }] })).toEqual({ books: [{ coin: 'BTC', levelSz: 0.004, levels: 1 }] });
    expect(() => parseSimSeed({ books: [{ coin: 'BTC', levelSz: -1 }] })).toThrow(/invalid simulator seed/);
  });
});
