import { accountStreamId } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { addLiveStrategies, heldOnSim, outcomeOf } from '../testing/liveStrategies.js';

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

describe('executor: a cancel alert cancels its strategy’s resting orders and keeps its protection (issue 41, point 1)', () => {
  let executor: Awaited<ReturnType<ExecutorFixture['start']>>;
  const trade = async (uid: string, to: { strategyId: string }, alert: Parameters<ExecutorFixture['receive']>[1]) => {
    const done = outcomeOf(await fx.terminal(await fx.receive(uid, alert, now(), to)));
    await executor.idle();
    return done;
  };
  /** The account's open ETH orders as [kind, price or trigger, size], limits first. */
  const openEth = async (accountAddress: string) =>
    (await fx.client.getOpenOrders({ accountAddress, isTestnet: true }))
      .filter((o) => o.coin === 'ETH')
      .map((o) => [o.isTrigger ? (o.tpsl ?? 'trigger') : 'limit', o.isTrigger ? o.triggerPx : o.limitPx, o.size] as const)
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])) || Number(x[1]) - Number(y[1]));

  it('given A holds ETH with a stop and rests a limit, and B rests a limit, when A sends cancel, then only A’s limit is cancelled: B’s limit and A’s stop stay', async () => {
    const user = await fx.addUser('u-cancel', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [A.strategyId]: 'Trend', [B.strategyId]: 'Mean reversion' });
    executor = await fx.start({ fillBatchDelayMs: 10, fillMinReadIntervalMs: 0, fillReadSpreadMs: 0 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const [sl, limitA, limitB] = [Math.round(mid * 0.9), Math.round(mid * 0.97), Math.round(mid * 0.96)];
    await trade(user.uid, A, { coin: 'ETH', action: 'buy', quantity: 0.05, stopLoss: sl });
    expect(await trade(user.uid, A, { coin: 'ETH', action: 'buy', quantity: 0.1, orderType: 'limit', price: limitA })).toMatchObject({
      data: { status: 'resting' },
    });
    expect(await trade(user.uid, B, { coin: 'ETH', action: 'buy', quantity: 0.1, orderType: 'limit', price: limitB })).toMatchObject({
      data: { status: 'resting' },
    });
    for (let i = 0; i < 40 && (await fx.events(accountStreamId(user.uid))).filter((e) => e.type === 'OrderRested').length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await openEth(user.accountAddress)).toEqual([
      ['limit', limitB, 0.1],
      ['limit', limitA, 0.1],
      ['sl', sl, 0.05],
    ]);

    const cancel = await trade(user.uid, A, { coin: 'ETH', action: 'cancel' });

    expect(cancel).toMatchObject({
      type: 'RestingOrdersCancelled',
      data: {
        reason: 'Cancelled 1 resting ETH order of this strategy; its stop-loss and take-profit are kept.',
        cancelled: [{ signalId: expect.any(String) }],
      },
    });
    expect(await openEth(user.accountAddress)).toEqual([
      ['limit', limitB, 0.1],
      ['sl', sl, 0.05],
    ]);
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBeCloseTo(0.05, 8);
  });

  it('given a strategy with no resting order, when it sends cancel, then nothing is sent and the log says so', async () => {
    const user = await fx.addUser('u-cancel-none', { usdc: 50_000 });
    executor = await fx.start();
    const requests = fx.sim.stats().exchangeRequests;

    const done = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'BTC', action: 'cancel' })));

    expect(done).toMatchObject({
      type: 'RestingOrdersCancelled',
      data: { reason: 'No resting BTC orders of this strategy to cancel: nothing was sent.', cancelled: [] },
    });
    expect(fx.sim.stats().exchangeRequests).toBe(requests);
  });
});
