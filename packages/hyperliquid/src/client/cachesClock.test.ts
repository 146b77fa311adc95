import type { MetaResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { isFresh } from './isFresh.js';
import { MetaCache } from './metaCache.js';
import { MidsCache } from './midsCache.js';

const HOUR = 3_600_000;
const meta = (...names: string[]): MetaResponse => ({
  universe: names.map((name) => ({ name, szDecimals: 0, maxLeverage: 40, marginTableId: 1 })),
  marginTables: [],
  collateralToken: 0,
});

describe('caches timed by the wall clock when it jumps back (issue 32, point 3)', () => {
  it('issue 32, point 3: given mid prices read a moment ago and the clock set back an hour, when mids are asked for, then they are read again (not served for the hour)', async () => {
    // given
    let now = 1_700_000_000_000;
    let reads = 0;
    const cache = new MidsCache(async () => ({ BTC: 100 + reads++ }), { maxAgeMs: 1_000, now: () => now });
    await cache.mids();
    // when
    now -= HOUR;
    // then
    expect(await cache.mids()).toEqual({ BTC: 101 });
  });

  it('issue 32, point 3: given the universe read a moment ago and the clock set back an hour, when an asset is looked up, then the universe is read again', async () => {
    let now = 1_700_000_000_000;
    const answers = [meta('BTC'), meta('BTC', 'NEW')];
    const cache = new MetaCache(async () => answers.shift() ?? meta('BTC', 'NEW'), { ttlMs: 300_000, missRefreshMs: 5_000, now: () => now });
    await cache.assets();
    now -= HOUR;
    expect((await cache.asset('NEW'))?.assetId).toBe(1);
  });

  it('given the clock moving on normally, then an entry is fresh for its ttl and stale from then', () => {
    expect(isFresh(1_000, 1_000, 500)).toBe(true);
    expect(isFresh(1_000, 1_499, 500)).toBe(true);
    expect(isFresh(1_000, 1_500, 500)).toBe(false);
    expect(isFresh(1_000, 999, 500)).toBe(false);
  });
});
