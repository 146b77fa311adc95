import { accountStreamId } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { addLiveStrategies, heldOnSim, outcomeOf } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date().toISOString();
const A = { strategyId: 'st_trend' };
const B = { strategyId: 'st_revert' };
const outcome = outcomeOf;
const addStrategies = (uid: string) => addLiveStrategies(fx, uid, { [A.strategyId]: 'Trend', [B.strategyId]: 'Mean reversion' });

/** The account's open trigger orders in ETH as [kind, trigger, size, side]. */
async function triggers(accountAddress: string): Promise<[string | undefined, number | undefined, number, string][]> {
  const open = await fx.client.getOpenOrders({ accountAddress, isTestnet: true });
  return open
    .filter((o) => o.coin === 'ETH' && o.isTrigger)
    .map((o) => [o.tpsl, o.triggerPx, o.size, o.side] as [string | undefined, number | undefined, number, string])
    .sort((x, y) => (x[1] ?? 0) - (y[1] ?? 0));
}

const ethHeld = (accountAddress: string) => heldOnSim(fx, accountAddress, 'ETH');

describe('executor: every position keeps its protection (issue 39, point 3)', () => {
  let executor: Awaited<ReturnType<ExecutorFixture['start']>>;
  const start = async () => {
    executor = await fx.start({ fillBatchDelayMs: 10, fillMinReadIntervalMs: 0, fillReadSpreadMs: 0 });
  };
  /** One alert to its end, and the protection that follows its fill. */
  const trade = async (uid: string, alert: Parameters<ExecutorFixture['receive']>[1], to?: { strategyId: string }) => {
    const done = outcome(await fx.terminal(await fx.receive(uid, alert, now(), to)));
    await executor.idle();
    return done;
  };

  it('given a thin book, when a market entry with a stop-loss fills in part, then a stop covering the size actually held is live', async () => {
    const user = await fx.addUser('u-partial', { usdc: 50_000 });
    await start();
    fx.sim.setBookDepth({ coin: 'ETH', levelSz: 0.02, levels: 1 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;

    expect(await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.9) })).toMatchObject({
      type: 'SignalExecuted',
      data: { totalSz: '0.02' },
    });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.02, 8);
    expect(await triggers(user.accountAddress)).toEqual([['sl', Math.round(mid * 0.9), 0.02, 'sell']]);
  });

  it('given a protected long, when the strategy adds without a stop, then the stop is replaced by one covering the new size; when it closes, then its triggers are cancelled', async () => {
    const user = await fx.addUser('u-add', { usdc: 50_000 });
    await start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const sl = Math.round(mid * 0.9);
    const tp = Math.round(mid * 1.2);

    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.05, stopLoss: sl, takeProfit: tp });
    expect(await triggers(user.accountAddress)).toEqual([
      ['sl', sl, 0.05, 'sell'],
      ['tp', tp, 0.05, 'sell'],
    ]);

    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.05 });
    expect(await triggers(user.accountAddress)).toEqual([
      ['sl', sl, 0.1, 'sell'],
      ['tp', tp, 0.1, 'sell'],
    ]);

    await trade(user.uid, { coin: 'ETH', action: 'close' });
    expect(await ethHeld(user.accountAddress)).toBe(0);
    expect(await triggers(user.accountAddress)).toEqual([]);
    const last = (await fx.events(accountStreamId(user.uid))).findLast((e) => e.type === 'ProtectionUpdated');
    expect(last?.type === 'ProtectionUpdated' && last.data).toMatchObject({ live: [], refused: [] });
  });

  it('issue 41, point 1: given two strategies long on one coin with stops, when A closes 50 percent and then 0.02 coins, then only A’s position shrinks and its stop and take-profit are resized to what A holds', async () => {
    const user = await fx.addUser('u-part-close', { usdc: 50_000 });
    await addStrategies(user.uid);
    await start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const [slA, tpA, slB] = [Math.round(mid * 0.9), Math.round(mid * 1.2), Math.round(mid * 0.8)];
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: slA, takeProfit: tpA }, A);
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.05, stopLoss: slB }, B);

    expect(await trade(user.uid, { coin: 'ETH', action: 'close', percent: 50 }, A)).toMatchObject({ type: 'SignalExecuted', data: { totalSz: '0.05' } });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.1, 8);
    expect(await triggers(user.accountAddress)).toEqual([
      ['sl', slB, 0.05, 'sell'],
      ['sl', slA, 0.05, 'sell'],
      ['tp', tpA, 0.05, 'sell'],
    ]);

    expect(await trade(user.uid, { coin: 'ETH', action: 'close', quantity: 0.02 }, A)).toMatchObject({ type: 'SignalExecuted', data: { totalSz: '0.02' } });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.08, 8);
    expect(await triggers(user.accountAddress)).toEqual([
      ['sl', slB, 0.05, 'sell'],
      ['sl', slA, 0.03, 'sell'],
      ['tp', tpA, 0.03, 'sell'],
    ]);
  });

  it('given two strategies long on one coin with their own stops, then each stop covers its own share; when B closes, then only B’s stop is cancelled', async () => {
    const user = await fx.addUser('u-shared', { usdc: 50_000 });
    await addStrategies(user.uid);
    await start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const slA = Math.round(mid * 0.9);
    const slB = Math.round(mid * 0.8);

    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: slA }, A);
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.05, stopLoss: slB }, B);
    expect(await triggers(user.accountAddress)).toEqual([
      ['sl', slB, 0.05, 'sell'],
      ['sl', slA, 0.1, 'sell'],
    ]);

    await trade(user.uid, { coin: 'ETH', action: 'close' }, B);
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.1, 8);
    expect(await triggers(user.accountAddress)).toEqual([['sl', slA, 0.1, 'sell']]);
  });

  it('given A’s stop fired at the venue, when B trades the coin next, then the fill is recorded as A’s close, not as drift shared with B', async () => {
    const user = await fx.addUser('u-fired', { usdc: 50_000 });
    await addStrategies(user.uid);
    await start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;

    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.99) }, A);
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.05 }, B);
    fx.sim.setMarkPrice('ETH', Math.round(mid * 0.985));
    for (let i = 0; i < 40 && (await ethHeld(user.accountAddress)) > 0.06; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.05, 8);

    // B's target flat reads the venue: 0.05 held, the ledger said 0.15 until the stop's fill is found.
    expect(await trade(user.uid, { coin: 'ETH', action: 'close', target: 'flat' }, B)).toMatchObject({ type: 'SignalExecuted' });
    const account = await fx.events(accountStreamId(user.uid));
    expect(account.find((e) => e.type === 'FillRecorded' && e.data.protective === true)).toMatchObject({
      data: { strategyId: A.strategyId, side: 'A', sz: '0.1' },
    });
    expect(account.some((e) => e.type === 'PositionDriftReconciled')).toBe(false);
    expect(await ethHeld(user.accountAddress)).toBe(0);
  });
});
