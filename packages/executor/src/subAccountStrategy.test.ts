import { accountStreamId, DEFAULT_SETTINGS, userStreamId, type DomainEvent, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date().toISOString();
const SUB = `0x${'5e'.repeat(20)}`;
const outcome = (events: readonly SignalEvent[]) => events.find((e) => e.type === 'SignalExecuted' || e.type === 'SignalRejected' || e.type === 'SignalFailed');

async function ethHeld(accountAddress: string): Promise<number> {
  const snapshot = await fx.client.getAccountSnapshot({ accountAddress, isTestnet: true });
  return snapshot.positions.find((p) => p.coin === 'ETH')?.szi ?? 0;
}

describe('executor: a strategy on a Hyperliquid sub-account (issue 39, point 2)', () => {
  it('given a strategy bound to a sub-account of the trader’s main account, when it buys, then the order is signed with vaultAddress and fills there, the main account untouched, and its fills are the strategy’s on that sub-account', async () => {
    const user = await fx.addUser('u-sub', { usdc: 50_000 });
    fx.sim.createSubAccount({ master: user.accountAddress, address: SUB, name: 'eth-sub', usdc: 5_000 });
    const settings = { ...structuredClone(DEFAULT_SETTINGS), riskLimits: { ...DEFAULT_SETTINGS.riskLimits, maxPositionSize: 0 } };
    const events: DomainEvent[] = [
      { type: 'StrategyCreated', v: 1, data: { strategyId: 'st_sub', name: 'On sub', venue: 'live', settings, at: now() } },
      { type: 'StrategySubAccountBound', v: 1, data: { strategyId: 'st_sub', subAccountAddress: SUB, name: 'eth-sub', at: now() } },
    ];
    await fx.store.eventStore.append(
      userStreamId(user.uid),
      events.map((e) => toNewEvent(e)),
    );
    await fx.start({ fillBatchDelayMs: 10, fillMinReadIntervalMs: 0, fillReadSpreadMs: 0 });

    const buy = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 }, now(), { strategyId: 'st_sub' });
    const done = await fx.terminal(buy);
    expect(outcome(done)).toMatchObject({ type: 'SignalExecuted', data: { status: 'filled', account: { accountAddress: SUB, subAccount: true } } });
    expect(done.find((e) => e.type === 'OrderSubmitted')).toMatchObject({ data: { vaultAddress: SUB } });
    expect(await ethHeld(SUB)).toBeCloseTo(0.1, 8);
    expect(await ethHeld(user.accountAddress)).toBe(0);

    // The fills are recorded for the strategy, marked as the sub-account's; no snapshot of it is the main account's.
    let account: DomainEvent[] = [];
    for (let i = 0; i < 100 && !account.some((e) => e.type === 'FillRecorded'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      account = await fx.events(accountStreamId(user.uid));
    }
    expect(account.find((e) => e.type === 'FillRecorded')).toMatchObject({ data: { strategyId: 'st_sub', subAccount: SUB, coin: 'ETH', side: 'B' } });
    expect(account.some((e) => e.type === 'PositionsSnapshotTaken' && e.data.source === 'fill')).toBe(false);

    // Its close sells on the sub-account, reduce-only there.
    const close = await fx.receive(user.uid, { coin: 'ETH', action: 'close' }, now(), { strategyId: 'st_sub' });
    expect(outcome(await fx.terminal(close))).toMatchObject({ type: 'SignalExecuted' });
    expect(await ethHeld(SUB)).toBe(0);
  });
});
