import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { alignThenPlace } from './testing/alignThenPlace.js';
import { iocBuy } from './testing/iocBuy.js';
import { ADDRESSES, type SimHarness, startHarness } from './testing/simHarness.js';

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness({ usdc: 5_000 });
});
afterEach(async () => {
  await h.close();
});

/** The simulator's raw answer, to compare the mapping against. */
async function raw(type: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${h.sim.url}/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type, user: ADDRESSES.master }),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('account snapshots from the simulator', () => {
  it('given a fresh funded account, when snapshotted, then no positions and equity = available = the deposit', async () => {
    const snapshot = await h.client.getAccountSnapshot(h.signer);
    expect(snapshot.positions).toEqual([]);
    expect(snapshot.mode).toBe('standard');
    expect(snapshot.balance).toEqual({ availableBalance: 5_000, totalEquity: 5_000, marginUsed: 0, totalNotional: 0, withdrawable: 5_000, spotUsdc: 25 });
  });

  it('given an open long that moved, when snapshotted, then each number matches the clearinghouse answer', async () => {
    await alignThenPlace(h.client, h.signer, iocBuy('ETH', '0.5', cloidForSignal('snap')), 10);
    h.sim.setMarkPrice('ETH', 3600);
    const snapshot = await h.client.getAccountSnapshot(h.signer);
    const state = (await raw('clearinghouseState')) as {
      withdrawable: string;
      marginSummary: { accountValue: string; totalMarginUsed: string; totalNtlPos: string };
      assetPositions: Array<{ position: Record<string, string | null> & { leverage: { value: number } } }>;
    };
    const p = state.assetPositions[0]?.position;
    expect(snapshot.positions).toEqual([
      {
        coin: 'ETH',
        szi: 0.5,
        entryPx: Number(p?.entryPx),
        positionValue: Number(p?.positionValue),
        unrealizedPnl: Number(p?.unrealizedPnl),
        leverage: 10,
        marginMode: 'cross',
        markPx: 3600,
        liquidationPx: p?.liquidationPx === null ? null : Number(p?.liquidationPx),
        marginUsed: Number(p?.marginUsed),
      },
    ]);
    expect(snapshot.positions[0]?.positionValue).toBeCloseTo(1800, 6);
    expect(snapshot.balance).toEqual({
      availableBalance: Number(state.withdrawable),
      totalEquity: Number(state.marginSummary.accountValue),
      marginUsed: Number(state.marginSummary.totalMarginUsed),
      totalNotional: Number(state.marginSummary.totalNtlPos),
      withdrawable: Number(state.withdrawable),
      spotUsdc: 25,
    });
    expect(snapshot.balance.totalNotional).toBeCloseTo(1800, 6);
  });

  it('given the agent address by mistake, when snapshotted, then the agent has nothing (reads must use the main account)', async () => {
    const snapshot = await h.client.getAccountSnapshot({ accountAddress: ADDRESSES.agent, isTestnet: true });
    expect(snapshot.balance.totalEquity).toBe(0);
  });

  it('given mids, when read, then they are numbers by coin', async () => {
    const mids = await h.client.getMids(true);
    expect(mids.BTC).toBe(97_000);
    expect(await h.client.getAsset(true, 'kPEPE')).toMatchObject({ coin: 'kPEPE', szDecimals: 0, maxLeverage: 10 });
  });
});
