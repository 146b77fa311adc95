import { describe, expect, it } from 'vitest';
import { MidsCache } from './midsCache.js';

/** A venue stand-in counting its reads; each answers BTC at the read's number. */
function venue() {
  const state = { reads: 0, fail: false };
  const read = async () => {
    state.reads += 1;
    if (state.fail) throw new Error('venue down');
    return { BTC: state.reads };
  };
  return { state, read };
}

describe('MidsCache: one allMids read for every user of a network', () => {
  it('given mids read within maxAgeMs, when asked again, then the venue is not read again', async () => {
    let now = 0;
    const { state, read } = venue();
    const cache = new MidsCache(read, { maxAgeMs: 1000, now: () => now });
    expect(await cache.mids()).toEqual({ BTC: 1 });
    now = 999;
    expect(await cache.mids()).toEqual({ BTC: 1 });
    expect(state.reads).toBe(1);
  });

  it('given mids older than maxAgeMs, when asked, then they are read again', async () => {
    let now = 0;
    const { state, read } = venue();
    const cache = new MidsCache(read, { maxAgeMs: 1000, now: () => now });
    await cache.mids();
    now = 1000;
    expect(await cache.mids()).toEqual({ BTC: 2 });
    expect(state.reads).toBe(2);
  });

  it('given many alerts at once on a cold cache, then they share one read', async () => {
    const { state, read } = venue();
    const cache = new MidsCache(read, { now: () => 0 });
    const all = await Promise.all(Array.from({ length: 50 }, () => cache.mids()));
    expect(new Set(all.map((mids) => mids.BTC))).toEqual(new Set([1]));
    expect(state.reads).toBe(1);
  });

  it('given a failed read, then its callers get the error and the next call reads again', async () => {
    const { state, read } = venue();
    const cache = new MidsCache(read, { now: () => 0 });
    state.fail = true;
    await expect(Promise.all([cache.mids(), cache.mids()])).rejects.toThrow('venue down');
    expect(state.reads).toBe(1);
    state.fail = false;
    expect(await cache.mids()).toEqual({ BTC: 2 });
  });

  it('given maxAgeMs 0, then every call reads', async () => {
    const { state, read } = venue();
    const cache = new MidsCache(read, { maxAgeMs: 0, now: () => 0 });
    await cache.mids();
    await cache.mids();
    expect(state.reads).toBe(2);
  });
});
