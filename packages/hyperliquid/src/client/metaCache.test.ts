import type { MetaResponse } from '@nktkas/hyperliquid/api/info';
import { describe, expect, it } from 'vitest';
import { assetsFromMeta, MetaCache } from './metaCache.js';

const meta = (...names: string[]): MetaResponse => ({
  universe: names.map((name, i) => ({ name, szDecimals: i, maxLeverage: 40 - i, marginTableId: 1 })),
  marginTables: [],
  collateralToken: 0,
});

describe('MetaCache', () => {
  it('given a meta answer, when read, then asset ids are the universe indices', () => {
    const assets = assetsFromMeta({
      ...meta('BTC', 'ETH'),
      universe: [...meta('BTC', 'ETH').universe, { name: 'X', szDecimals: 0, maxLeverage: 3, marginTableId: 1, onlyIsolated: true, isDelisted: true }],
    });
    expect(assets.get('ETH')).toEqual({ coin: 'ETH', assetId: 1, szDecimals: 1, maxLeverage: 39, isolatedOnly: false, delisted: false });
    expect(assets.get('X')).toMatchObject({ assetId: 2, isolatedOnly: true, delisted: true });
  });

  it('given a fresh cache, when looked up twice, then meta is fetched once', async () => {
    let fetches = 0;
    const cache = new MetaCache(async () => (fetches++, meta('BTC')), { now: () => 0 });
    await cache.asset('BTC');
    await cache.asset('BTC');
    expect(fetches).toBe(1);
  });

  it('given concurrent lookups, when the cache is cold, then one fetch is shared', async () => {
    let fetches = 0;
    const cache = new MetaCache(async () => (fetches++, meta('BTC')), { now: () => 0 });
    await Promise.all([cache.asset('BTC'), cache.asset('BTC'), cache.assets()]);
    expect(fetches).toBe(1);
  });

  it('given an expired TTL, when looked up, then meta is fetched again', async () => {
    let now = 0;
    let fetches = 0;
    const cache = new MetaCache(async () => (fetches++, meta('BTC')), { ttlMs: 1000, now: () => now });
    await cache.asset('BTC');
    now = 1500;
    await cache.asset('BTC');
    expect(fetches).toBe(2);
  });

  it('given a coin listed after the last fetch, when looked up, then meta is refreshed and the coin found', async () => {
    let now = 0;
    const answers = [meta('BTC'), meta('BTC', 'NEW')];
    const cache = new MetaCache(async () => answers.shift() ?? meta('BTC', 'NEW'), { missRefreshMs: 100, now: () => now });
    await cache.asset('BTC');
    now = 200;
    expect(await cache.asset('NEW')).toMatchObject({ coin: 'NEW', assetId: 1 });
  });

  it('given an unknown coin looked up repeatedly, when within the miss window, then meta is not refetched', async () => {
    let fetches = 0;
    const cache = new MetaCache(async () => (fetches++, meta('BTC')), { missRefreshMs: 5000, now: () => 10 });
    expect(await cache.asset('NOPE')).toBeUndefined();
    expect(await cache.asset('NOPE')).toBeUndefined();
    expect(fetches).toBe(1);
  });

  it('given a failing fetch, when looked up, then the error reaches the caller and the next lookup retries', async () => {
    let fail = true;
    const cache = new MetaCache(async () => {
      if (fail) throw new Error('down');
      return meta('BTC');
    });
    await expect(cache.asset('BTC')).rejects.toThrow('down');
    fail = false;
    expect(await cache.asset('BTC')).toMatchObject({ coin: 'BTC' });
  });
});
