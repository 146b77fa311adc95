import { accountStreamId, type SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const typesOf = (events: readonly { type: string }[]) => events.map((e) => e.type);
const executed = (events: readonly SignalEvent[]) => events.find((e) => e.type === 'SignalExecuted');

describe('executor: orders that reach the exchange (spec §5, ARCHITECTURE §5)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given a user with keys, when a market buy arrives, then one IOC is signed and the signal ends executed (filled); its fills and snapshots follow', async () => {
    const user = await fx.addUser('u-buy');
    const executor = await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 });

    const events = await fx.terminal(signalId);

    expect(typesOf(events)).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted', 'SignalExecuted']);
    const done = executed(events);
    expect(done?.type === 'SignalExecuted' && done.data).toMatchObject({
      status: 'filled',
      oid: expect.any(Number),
      avgPx: expect.any(String),
      totalSz: expect.any(String),
    });
    const cloid = cloidForSignal(signalId);
    expect(fx.sim.stats().ordersByCloid[cloid]).toBe(1);
    const submitted = events.find((e) => e.type === 'OrderSubmitted');
    expect(submitted?.type === 'OrderSubmitted' && submitted.data.cloid).toBe(cloid);
    await executor.idle(); // the fill recorder's batch
    const account = await fx.events(accountStreamId(user.uid));
    expect(typesOf(account)).toEqual(['FillRecorded', 'PositionsSnapshotTaken', 'BalanceSnapshotTaken']);
    const positions = account[1];
    expect(positions?.type === 'PositionsSnapshotTaken' && positions.data).toMatchObject({ source: 'fill', positions: [{ coin: 'BTC' }] });
    const fill = account[0];
    expect(fill?.type === 'FillRecorded' && fill.data).toMatchObject({ coin: 'BTC', side: 'B', signalId, cloid });
  });

  it('given a user with keys, when a market sell arrives, then a short is opened and the signal ends executed', async () => {
    const user = await fx.addUser('u-sell');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'sell', size: 50 });

    const events = await fx.terminal(signalId);

    expect(executed(events)?.data).toMatchObject({ status: 'filled' });
    const snapshot = await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true });
    expect(snapshot.positions.find((p) => p.coin === 'ETH')?.szi).toBeLessThan(0);
  });

  it('given a limit buy below the market, when it is executed, then the order rests on the book and the signal ends executed (resting)', async () => {
    const user = await fx.addUser('u-limit');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', orderType: 'limit', price: 90_000, size: 100 });

    const events = await fx.terminal(signalId);

    expect(executed(events)?.data).toMatchObject({ status: 'resting', oid: expect.any(Number) });
    // No fill yet: the account stream holds only the resting order, kept for its strategy (issue 39).
    let account = await fx.events(accountStreamId(user.uid));
    for (let i = 0; i < 40 && account.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      account = await fx.events(accountStreamId(user.uid));
    }
    expect(account.map((e) => e.type)).toEqual(['OrderRested']);
    expect(account[0]).toMatchObject({ data: { signalId, strategyId: 'main', coin: 'BTC', isBuy: true } });
  });

  it("issue 41, point 1: given ALO limits, when one would rest and one would cross, then the first rests as a maker order and the second fails with the venue's post-only words", async () => {
    const user = await fx.addUser('u-alo');
    await fx.start();
    const mid = (await fx.client.getMids(true)).BTC ?? 0;
    const resting = await fx.terminal(
      await fx.receive(user.uid, { coin: 'BTC', action: 'buy', orderType: 'limit', timeInForce: 'ALO', price: Math.round(mid * 0.95), size: 100 }),
    );
    expect(resting.find((e) => e.type === 'OrderPlanned')?.data).toMatchObject({ plan: { tif: 'Alo', orderType: 'limit' } });
    expect(executed(resting)?.data).toMatchObject({ status: 'resting', oid: expect.any(Number) });
    const open = await fx.client.getOpenOrders({ accountAddress: user.accountAddress, isTestnet: true });
    expect(open.filter((o) => o.coin === 'BTC').map((o) => [o.side, o.limitPx])).toEqual([['buy', Math.round(mid * 0.95)]]);

    const crossing = await fx.terminal(
      await fx.receive(user.uid, { coin: 'BTC', action: 'buy', orderType: 'limit', timeInForce: 'ALO', price: Math.round(mid * 1.05), size: 100 }),
    );
    const failed = crossing.find((e) => e.type === 'SignalFailed');
    expect(failed?.type === 'SignalFailed' && failed.data.reason).toMatch(/^Post only order would have immediately matched/);
  });

  it('issue 41, point 1: given an IOC limit through the book, when executed, then it fills at once at no worse than its limit', async () => {
    const user = await fx.addUser('u-ioc-limit');
    await fx.start();
    const mid = (await fx.client.getMids(true)).BTC ?? 0;
    const limit = Math.round(mid * 1.02);
    const events = await fx.terminal(
      await fx.receive(user.uid, { coin: 'BTC', action: 'buy', orderType: 'limit', timeInForce: 'IOC', price: limit, size: 100 }),
    );
    expect(events.find((e) => e.type === 'OrderPlanned')?.data).toMatchObject({ plan: { tif: 'Ioc', orderType: 'limit', price: String(limit) } });
    const done = executed(events);
    expect(done?.type === 'SignalExecuted' && done.data.status).toBe('filled');
    expect(done?.type === 'SignalExecuted' && Number(done.data.avgPx)).toBeLessThanOrEqual(limit);
  });

  it('given an open long, when a close arrives at once, then a reduce-only IOC closes it (sized from the fill the executor applied to its cached positions) and the snapshot shows no position', async () => {
    const user = await fx.addUser('u-close');
    const executor = await fx.start();
    await fx.terminal(await fx.receive(user.uid, { coin: 'SOL', action: 'buy', size: 100 }));
    const closeId = await fx.receive(user.uid, { coin: 'SOL', action: 'close' });

    const events = await fx.terminal(closeId);

    expect(executed(events)?.data).toMatchObject({ status: 'filled' });
    const planned = events.find((e) => e.type === 'OrderPlanned');
    expect(planned?.type === 'OrderPlanned' && planned.data.plan).toMatchObject({ reduceOnly: true, isBuy: false, tif: 'Ioc' });
    await executor.idle();
    const account = await fx.events(accountStreamId(user.uid));
    const last = account.filter((e) => e.type === 'PositionsSnapshotTaken').at(-1);
    expect(last?.type === 'PositionsSnapshotTaken' && last.data.positions).toEqual([]);
  });

  it('issue 39.3: given a market entry with take-profit and stop-loss, when executed, then the entry goes alone and both reduce-only triggers, sized to the position, are live at the venue and recorded', async () => {
    const user = await fx.addUser('u-tpsl');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, stopLoss: 90_000, takeProfit: 105_000 });

    const events = await fx.terminal(signalId);

    const done = executed(events);
    expect(done?.type === 'SignalExecuted' && done.data.legs).toBeUndefined();
    const held = (await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true })).positions.find((p) => p.coin === 'BTC')?.szi;
    const open = await fx.client.getOpenOrders({ accountAddress: user.accountAddress, isTestnet: true });
    expect(open.map((o) => [o.tpsl, o.triggerPx, o.size, o.side, o.reduceOnly]).sort()).toEqual([
      ['sl', 90_000, held, 'sell', true],
      ['tp', 105_000, held, 'sell', true],
    ]);
  });

  it('given a leverage different from the account, when a buy arrives, then leverage is set before the order (one updateLeverage) and the position carries it', async () => {
    const user = await fx.addUser('u-lev');
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 3 });

    await fx.terminal(signalId);

    expect(fx.sim.stats().exchangeRequests).toBe(2); // updateLeverage, then the order: nothing else signed
    const snapshot = await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true });
    expect(snapshot.positions.find((p) => p.coin === 'BTC')?.leverage).toBe(3);
  });
});
