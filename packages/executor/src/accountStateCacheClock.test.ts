import type { AccountSnapshot, HyperliquidClient } from '@hyperhook/hyperliquid';
import { describe, expect, it } from 'vitest';
import { AccountStateCache } from './accountStateCache.js';

const HOUR = 3_600_000;
const account = { accountAddress: '0xabc', isTestnet: true };
const snapshot = (availableBalance: number): AccountSnapshot => ({
  positions: [],
  balance: { availableBalance, totalEquity: availableBalance } as AccountSnapshot['balance'],
  mode: 'standard' as AccountSnapshot['mode'],
  time: 0,
});

describe('AccountStateCache when the wall clock jumps back (issue 32, point 3)', () => {
  it('issue 32, point 3: given a snapshot read a moment ago and the clock set back an hour, when an order asks for the account, then it is read again and the new answer is used (not the old one for the hour)', async () => {
    // given
    let now = 1_700_000_000_000;
    const answers = [snapshot(1_000), snapshot(250)];
    const client = { getAccountSnapshot: async () => answers.shift() ?? snapshot(0) } as unknown as HyperliquidClient;
    const cache = new AccountStateCache(client, 30_000, () => now);
    await cache.get('u', account);
    // when
    now -= HOUR;
    const after = await cache.get('u', account);
    // then
    expect(after.balance.availableBalance).toBe(250);
    expect(cache.fetchedAt('u', account)).toBe(now);
  });

  it('issue 32, point 3: given a fill applied and then the clock set back an hour, when the fill recorder’s new read is adopted, then it is taken (times from before the step order nothing)', async () => {
    let now = 1_700_000_000_000;
    const cache = new AccountStateCache({ getAccountSnapshot: async () => snapshot(1_000) } as unknown as HyperliquidClient, 30_000, () => now);
    await cache.get('u', account);
    cache.applyFill('u', account, 'ETH', 1, 5, 3_000);
    now -= HOUR;
    cache.adopt('u', account, snapshot(700), now);
    expect((await cache.get('u', account)).balance.availableBalance).toBe(700);
  });
});
