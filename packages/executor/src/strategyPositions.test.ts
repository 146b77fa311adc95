import { accountStreamId } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
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

const addStrategies = (uid: string) => addLiveStrategies(fx, uid, { [A.strategyId]: 'Trend', [B.strategyId]: 'Mean reversion' });
const ethHeld = (accountAddress: string) => heldOnSim(fx, accountAddress, 'ETH');
const outcome = outcomeOf;

describe('executor: each strategy owns its position in a shared coin (issue 39, point 1)', () => {
  const trade = async (uid: string, to: { strategyId: string }, alert: Parameters<ExecutorFixture['receive']>[1]) =>
    outcome(await fx.terminal(await fx.receive(uid, alert, now(), to)));

  it('given A and B each bought ETH, when B sends target flat, then only B’s part is sold, reduce-only, and A keeps its position', async () => {
    const user = await fx.addUser('u-two', { usdc: 50_000 });
    await addStrategies(user.uid);
    await fx.start({ fillBatchDelayMs: 60_000 });

    expect(await trade(user.uid, A, { coin: 'ETH', action: 'buy', quantity: 0.1 })).toMatchObject({ type: 'SignalExecuted' });
    expect(await trade(user.uid, B, { coin: 'ETH', action: 'buy', quantity: 0.05 })).toMatchObject({ type: 'SignalExecuted' });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.15, 8);

    const flat = await fx.receive(user.uid, { coin: 'ETH', action: 'close', target: 'flat' }, now(), B);
    expect(outcome(await fx.terminal(flat))).toMatchObject({ type: 'SignalExecuted' });
    const planned = (await fx.terminal(flat)).find((e) => e.type === 'OrderPlanned');
    expect(planned?.type === 'OrderPlanned' && planned.data.plan).toMatchObject({ isBuy: false, size: '0.05', reduceOnly: true });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.1, 8);
  });

  it('given only A holds ETH, when B sends close, then B is refused and A’s position is untouched', async () => {
    const user = await fx.addUser('u-close', { usdc: 50_000 });
    await addStrategies(user.uid);
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, A, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    const orders = fx.sim.stats().ordersAccepted;

    expect(await trade(user.uid, B, { coin: 'ETH', action: 'close' })).toMatchObject({
      type: 'SignalRejected',
      data: { code: 'NO_POSITION_TO_CLOSE', reason: "This strategy holds no ETH position to close; other strategies' positions are left as they are." },
    });
    expect(fx.sim.stats().ordersAccepted).toBe(orders);
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.1, 8);
  });

  it('given A is short ETH, when B targets long, then B opens its own long and A’s short stays: the account nets them', async () => {
    const user = await fx.addUser('u-flip', { usdc: 50_000 });
    await addStrategies(user.uid);
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, A, { coin: 'ETH', action: 'sell', target: 'short', quantity: 0.1 });

    const long = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', target: 'long', quantity: 0.04 }, now(), B);
    expect(outcome(await fx.terminal(long))).toMatchObject({ type: 'SignalExecuted' });
    const planned = (await fx.terminal(long)).find((e) => e.type === 'OrderPlanned');
    // 0.04 bought against the account's 0.1 short only shrinks it: reduce-only at the venue.
    expect(planned?.type === 'OrderPlanned' && planned.data.plan).toMatchObject({ isBuy: true, size: '0.04', reduceOnly: true });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(-0.06, 8);

    // A's short is still all A's: its close buys back 0.1, which flips the account to B's long.
    const close = await fx.receive(user.uid, { coin: 'ETH', action: 'close' }, now(), A);
    expect(outcome(await fx.terminal(close))).toMatchObject({ type: 'SignalExecuted' });
    const closing = (await fx.terminal(close)).find((e) => e.type === 'OrderPlanned');
    expect(closing?.type === 'OrderPlanned' && closing.data.plan).toMatchObject({ isBuy: true, size: '0.1', reduceOnly: false });
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.04, 8);
  });

  it('issue 39.8: given A and B long ETH on one account, when the venue liquidates it, then B’s next alert finds the drift, both shares are closed and the rule is recorded', async () => {
    const user = await fx.addUser('u-liq', { usdc: 1_000 });
    await addStrategies(user.uid);
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, A, { coin: 'ETH', action: 'buy', quantity: 1.5, leverage: 10 });
    await trade(user.uid, B, { coin: 'ETH', action: 'buy', quantity: 1, leverage: 10 });
    const held = (await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true })).positions.find((p) => p.coin === 'ETH');
    expect(held?.szi).toBeCloseTo(2.5, 8);
    const liquidationPx = Number(held?.liquidationPx);
    expect(liquidationPx).toBeGreaterThan(0);

    fx.sim.setMarkPrice('ETH', Math.floor(liquidationPx) - 1);
    expect(await ethHeld(user.accountAddress)).toBe(0);

    expect(await trade(user.uid, B, { coin: 'ETH', action: 'close', target: 'flat' })).toMatchObject({ type: 'TargetAlreadyHeld' });
    const drift = (await fx.events(accountStreamId(user.uid))).find((e) => e.type === 'PositionDriftReconciled');
    expect(drift?.type === 'PositionDriftReconciled' && drift.data).toMatchObject({
      coin: 'ETH',
      venueSzi: '0',
      ledgerSzi: '2.5',
      rule: 'flattened',
      strategies: [
        { strategyId: A.strategyId, from: '1.5', to: '0' },
        { strategyId: B.strategyId, from: '1', to: '0' },
      ],
    });
  });

  it('given A’s limit entry rested and filled when the price came, when A goes flat, then the fill is A’s own (not drift) and A’s close sells it', async () => {
    const user = await fx.addUser('u-rest', { usdc: 50_000 });
    await addStrategies(user.uid);
    await fx.start({ fillBatchDelayMs: 60_000 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const limit = Math.round(mid * 0.99);

    const rest = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, orderType: 'limit', price: limit }, now(), A);
    expect(outcome(await fx.terminal(rest))).toMatchObject({ type: 'SignalExecuted', data: { status: 'resting' } });
    for (let i = 0; i < 40 && !(await fx.events(accountStreamId(user.uid))).some((e) => e.type === 'OrderRested'); i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    fx.sim.setMarkPrice('ETH', Math.round(mid * 0.985));
    for (let i = 0; i < 40 && (await ethHeld(user.accountAddress)) < 0.1; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await ethHeld(user.accountAddress)).toBeCloseTo(0.1, 8);

    const flat = await fx.receive(user.uid, { coin: 'ETH', action: 'close', target: 'flat' }, now(), A);
    expect(outcome(await fx.terminal(flat))).toMatchObject({ type: 'SignalExecuted' });
    const account = await fx.events(accountStreamId(user.uid));
    expect(account.find((e) => e.type === 'FillRecorded' && e.data.signalId === rest)).toMatchObject({
      data: { strategyId: A.strategyId, side: 'B', sz: '0.1' },
    });
    expect(account.some((e) => e.type === 'PositionDriftReconciled')).toBe(false);
    expect(await ethHeld(user.accountAddress)).toBe(0);
  });

  it('given A holds ETH and the trader closes half by hand, when A closes, then the drift is recorded, A’s share shrank and only what is left is sold', async () => {
    const user = await fx.addUser('u-drift', { usdc: 50_000 });
    await addStrategies(user.uid);
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, A, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const byHand = await fx.client.placeOrder(
      { accountAddress: user.accountAddress, isTestnet: true, agentPrivateKey: user.agentKey },
      { coin: 'ETH', isBuy: false, price: String(Math.round(mid * 0.9)), size: '0.04', reduceOnly: true, tif: 'Ioc', cloid: cloidForSignal('by-hand') },
    );
    expect(byHand.outcome.kind).toBe('filled');

    // A close reads the account as the venue has it now, as a target does.
    const flat = await fx.receive(user.uid, { coin: 'ETH', action: 'close', target: 'flat' }, now(), A);
    expect(outcome(await fx.terminal(flat))).toMatchObject({ type: 'SignalExecuted' });
    const drift = (await fx.events(accountStreamId(user.uid))).find((e) => e.type === 'PositionDriftReconciled');
    expect(drift?.type === 'PositionDriftReconciled' && drift.data).toMatchObject({
      coin: 'ETH',
      venueSzi: '0.06',
      ledgerSzi: '0.1',
      rule: 'reducedInProportion',
      strategies: [{ strategyId: A.strategyId, from: '0.1', to: '0.06' }],
    });
    expect(await ethHeld(user.accountAddress)).toBe(0);
  });
});
