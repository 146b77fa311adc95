import type { AccountSnapshot, HyperliquidClient } from '@hyperhook/hyperliquid';
import { describe, expect, it } from 'vitest';
import { AccountStateCache } from './accountStateCache.js';

const account = { accountAddress: '0xabc', isTestnet: true };
const position = (coin: string, szi: number, leverage: number) => ({
  coin,
  szi,
  entryPx: 100,
  positionValue: 0,
  unrealizedPnl: 0,
  leverage,
  markPx: 100,
  liquidationPx: null,
  marginUsed: 0,
});

/** A cache over a venue stand-in that answers one snapshot and counts its reads. */
function cacheWith(snapshot: AccountSnapshot) {
  const reads = { count: 0 };
  const client = { getAccountSnapshot: async () => (reads.count++, snapshot) } as unknown as HyperliquidClient;
  return { cache: new AccountStateCache(client, 5_000, () => 0), reads };
}

const snapshot = (positions: AccountSnapshot['positions']): AccountSnapshot => ({
  positions,
  balance: { availableBalance: 1_000, totalEquity: 1_000 } as AccountSnapshot['balance'],
  mode: 'standard' as AccountSnapshot['mode'],
  time: 0,
});

describe("AccountStateCache.applyFill: the executor's own fills on the cached positions", () => {
  it('given a cached long, when a sell fill closes it and a buy opens another coin, then the next read has no BTC and a new ETH long, without reading the venue again', async () => {
    const { cache, reads } = cacheWith(snapshot([position('BTC', 0.3, 5)]));
    await cache.get('u', account);
    cache.applyFill('u', account, 'BTC', -0.1, 5);
    expect((await cache.get('u', account)).positions.map((p) => [p.coin, p.szi])).toEqual([['BTC', 0.2]]);
    cache.applyFill('u', account, 'BTC', -0.2, 5);
    cache.applyFill('u', account, 'ETH', 1.5, 3);
    expect((await cache.get('u', account)).positions.map((p) => [p.coin, p.szi, p.leverage])).toEqual([['ETH', 1.5, 3]]);
    expect(reads.count).toBe(1);
  });

  it("given a long, when a sell fill larger than it reverses it, then the short carries the order's leverage; a fill that adds keeps the position's", async () => {
    const { cache } = cacheWith(snapshot([position('SOL', 2, 10)]));
    await cache.get('u', account);
    cache.applyFill('u', account, 'SOL', 1, 4);
    expect((await cache.get('u', account)).positions[0]).toMatchObject({ szi: 3, leverage: 10 });
    cache.applyFill('u', account, 'SOL', -5, 4);
    expect((await cache.get('u', account)).positions[0]).toMatchObject({ szi: -2, leverage: 4 });
    expect(cache.knownLeverage('u', account, 'SOL')).toBe(4);
  });

  it('given no cached snapshot, when a fill is applied, then nothing is cached: the next alert reads the venue', async () => {
    const { cache, reads } = cacheWith(snapshot([]));
    cache.applyFill('u', account, 'BTC', 1, 2);
    expect((await cache.get('u', account)).positions).toEqual([]);
    expect(reads.count).toBe(1);
  });
});

describe('AccountStateCache: tracked, shared and adopted snapshots (issue 14, point 2)', () => {
  it('given three alerts of one user at once, when none is tracked, then they share one read', async () => {
    let release: (snapshot: AccountSnapshot) => void = () => undefined;
    let reads = 0;
    const client = { getAccountSnapshot: () => (reads++, new Promise<AccountSnapshot>((resolve) => (release = resolve))) } as unknown as HyperliquidClient;
    const cache = new AccountStateCache(client, 5_000, () => 0);
    const all = Promise.all([cache.get('u', account), cache.get('u', account), cache.get('u', account)]);
    release(snapshot([position('BTC', 1, 2)]));
    expect((await all).map((s) => s.positions[0]?.szi)).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('given a tracked snapshot older than one alert allows, when another allows more, then only the first reads again', async () => {
    let now = 0;
    const reads = { count: 0 };
    const client = { getAccountSnapshot: async () => (reads.count++, snapshot([])) } as unknown as HyperliquidClient;
    const cache = new AccountStateCache(client, 30_000, () => now);
    await cache.get('u', account);
    now = 60_000;
    await cache.get('u', account, 5 * 60_000);
    expect(reads.count).toBe(1);
    await cache.get('u', account, 30_000);
    expect(reads.count).toBe(2);
  });

  it('given an own fill applied after a read began elsewhere, when that read is adopted, then it does not undo the fill', async () => {
    let now = 0;
    const clockCache = new AccountStateCache({ getAccountSnapshot: async () => snapshot([]) } as unknown as HyperliquidClient, 5_000, () => now);
    await clockCache.get('u', account);
    now = 100;
    clockCache.applyFill('u', account, 'ETH', 2, 5, 3_000);
    clockCache.adopt('u', account, snapshot([]), 50); // the fill recorder's read, begun at 50
    expect((await clockCache.get('u', account, Number.POSITIVE_INFINITY)).positions.map((p) => [p.coin, p.szi])).toEqual([['ETH', 2]]);
    now = 150; // the read below began at 150, so the clock has read at least that
    clockCache.adopt('u', account, snapshot([position('ETH', 2, 5), position('SOL', 1, 1)]), 150); // begun after the fill: the venue's word
    expect((await clockCache.get('u', account, Number.POSITIVE_INFINITY)).positions.map((p) => p.coin)).toEqual(['ETH', 'SOL']);
  });

  it('given a fill that opens a position, then its margin leaves the tracked available balance; a reduction frees none until a read', async () => {
    const { cache } = cacheWith(snapshot([]));
    await cache.get('u', account);
    cache.applyFill('u', account, 'BTC', 0.01, 5, 100_000); // $1,000 at 5x: $200 of margin
    expect((await cache.get('u', account)).balance.availableBalance).toBe(800);
    cache.applyFill('u', account, 'BTC', -0.005, 5, 100_000);
    expect((await cache.get('u', account)).balance.availableBalance).toBe(800);
  });
});
