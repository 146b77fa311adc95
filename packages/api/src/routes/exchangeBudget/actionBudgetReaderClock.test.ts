import type { ActionBudget } from '@hyperhook/hyperliquid';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionBudgetReader } from './actionBudgetReader.js';

const HOUR = 3_600_000;
const account = { accountAddress: '0x0000000000000000000000000000000000000001', isTestnet: true };

afterEach(() => {
  vi.useRealTimers();
});

describe('ActionBudgetReader when the wall clock jumps (issue 32, point 3)', () => {
  it('issue 32, point 3: given a budget read a moment ago, when the wall clock jumps an hour either way, then the cache is timed by elapsed time alone', async () => {
    // given
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    let reads = 0;
    const client = { getActionBudget: async () => ({ reads: ++reads }) as unknown as ActionBudget };
    const reader = new ActionBudgetReader();
    await reader.read(client, account);
    // when
    vi.setSystemTime(Date.now() + HOUR);
    await reader.read(client, account);
    vi.setSystemTime(Date.now() - 2 * HOUR);
    await reader.read(client, account);
    // then
    expect(reads).toBe(1);
  });

  it('given a budget older than its ttl on the injected clock, then it is read again', async () => {
    let now = 0;
    let reads = 0;
    const client = { getActionBudget: async () => ({ reads: ++reads }) as unknown as ActionBudget };
    const reader = new ActionBudgetReader({ ttlMs: 1_000, now: () => now });
    await reader.read(client, account);
    now += 1_000;
    await reader.read(client, account);
    expect(reads).toBe(2);
  });
});
