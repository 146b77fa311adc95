import { DEFAULT_SETTINGS, userStreamId, type AlertGuards, type DomainEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { addLiveStrategies, heldOnSim, outcomeOf } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture({ mainnet: 'simulator' });
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date().toISOString();
const LIVE = { strategyId: 'st_guarded' };
const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };

async function setGuards(uid: string, strategyId: string, guards: AlertGuards): Promise<void> {
  const set: DomainEvent = { type: 'StrategyGuardsSet', v: 1, data: { strategyId, guards, at: now() } };
  await fx.store.eventStore.append(userStreamId(uid), [toNewEvent(set)]);
}

async function addPaperStrategy(uid: string): Promise<void> {
  const created: DomainEvent = {
    type: 'StrategyCreated',
    v: 1,
    data: { strategyId: PAPER.strategyId, name: 'Paper', venue: 'paper', paperBalance: 10_000, settings: structuredClone(DEFAULT_SETTINGS), at: now() },
  };
  await fx.store.eventStore.append(userStreamId(uid), [toNewEvent(created)]);
}

type Alert = Parameters<ExecutorFixture['receive']>[1];
const trade = async (uid: string, alert: Alert, to: { strategyId: string; venue?: 'paper' } = LIVE) =>
  outcomeOf(await fx.terminal(await fx.receive(uid, alert, now(), to)));

describe('executor: entry guards on a live strategy (issue 42, point 1)', () => {
  it('given a 15-minute cooldown, when a repainting indicator sends the entry again, then the second is refused with the numbers, and a close still goes through', async () => {
    const user = await fx.addUser('u-cool', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Guarded' });
    await setGuards(user.uid, LIVE.strategyId, { cooldownMinutes: 15 });
    await fx.start({ fillBatchDelayMs: 60_000 });

    expect(await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 })).toMatchObject({ type: 'SignalExecuted' });
    const orders = fx.sim.stats().ordersAccepted;
    const again = await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    expect(again).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_COOLDOWN' } });
    expect(again?.type === 'SignalRejected' && again.data.reason).toMatch(
      /^An entry in ETH \d+(\.\d)? s ago; this strategy waits 15 min between entries in a coin/,
    );
    expect(fx.sim.stats().ordersAccepted).toBe(orders);

    // then: exits are always allowed
    expect(await trade(user.uid, { coin: 'ETH', action: 'close' })).toMatchObject({ type: 'SignalExecuted' });
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBe(0);
    // and another coin is no cooldown's
    expect(await trade(user.uid, { coin: 'BTC', action: 'buy', quantity: 0.001 })).toMatchObject({ type: 'SignalExecuted' });
  });

  it('given long entries only, when a sell would flip the long, then it is refused and the long stays, with its way out named', async () => {
    const user = await fx.addUser('u-dir', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Guarded' });
    await setGuards(user.uid, LIVE.strategyId, { direction: 'long' });
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });

    const flip = await trade(user.uid, { coin: 'ETH', action: 'sell', quantity: 0.3 });
    expect(flip).toMatchObject({
      type: 'SignalRejected',
      data: {
        code: 'GUARD_DIRECTION',
        reason:
          'A short entry; this strategy takes long entries only. The strategy\'s long of 0.1 ETH stays open, with its protection; send "close" to exit it.',
      },
    });
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBeCloseTo(0.1, 8);
    // A sell that only reduces the long is an exit: it goes through.
    expect(await trade(user.uid, { coin: 'ETH', action: 'sell', quantity: 0.04 })).toMatchObject({ type: 'SignalExecuted' });
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBeCloseTo(0.06, 8);
  });

  it('given a 30 s age limit, when an entry says it was sent 45 s ago, then it is refused naming its field; the 3Commas max_lag refuses alone too', async () => {
    const user = await fx.addUser('u-age', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Guarded' });
    await setGuards(user.uid, LIVE.strategyId, { maxAlertAgeSeconds: 30 });
    await fx.start({ fillBatchDelayMs: 60_000 });
    const sentAt = new Date(Date.now() - 45_000).toISOString();

    const late = await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, sentAt, sentAtField: 'timenow' });
    expect(late).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_ALERT_AGE' } });
    expect(late?.type === 'SignalRejected' && late.data.reason).toMatch(/^Sent 4\d(\.\d)? s ago \("timenow"\); this strategy takes alerts up to 30 s old\.$/);
    expect(await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, sentAt: now(), sentAtField: 'timenow' })).toMatchObject({
      type: 'SignalExecuted',
    });
    // The first strategy has no guards; the alert's own max_lag still holds.
    const lagged = await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, sentAt, sentAtField: 'timestamp', maxLag: 10 }, { strategyId: 'main' });
    expect(lagged).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_ALERT_AGE' } });
  });

  it('given one entry a day, when the second comes, then it is refused; outside its trading window an entry is refused too', async () => {
    const user = await fx.addUser('u-day', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Guarded', st_window: 'Windowed' });
    await setGuards(user.uid, LIVE.strategyId, { maxEntriesPerDay: 1 });
    const yesterday = (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const)[(new Date().getUTCDay() + 6) % 7] ?? 'mon';
    await setGuards(user.uid, 'st_window', { tradingWindows: [{ days: [yesterday], from: '00:00', to: '00:01' }] });
    await fx.start({ fillBatchDelayMs: 60_000 });

    expect(await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 })).toMatchObject({ type: 'SignalExecuted' });
    expect(await trade(user.uid, { coin: 'BTC', action: 'buy', quantity: 0.001 })).toMatchObject({
      type: 'SignalRejected',
      data: { code: 'GUARD_ENTRIES_PER_DAY' },
    });
    expect(await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 }, { strategyId: 'st_window' })).toMatchObject({
      type: 'SignalRejected',
      data: { code: 'GUARD_TRADING_WINDOW' },
    });
  });

  it('given a 5 USD daily loss limit, when the position is down past it, then entries stop and the exit goes on', async () => {
    const user = await fx.addUser('u-loss', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Guarded' });
    await setGuards(user.uid, LIVE.strategyId, { dailyLossLimitUsd: 5 });
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    fx.sim.setMarkPrice('ETH', Math.round(mid * 0.9));
    // The mids the executor values with follow the book: wait until they moved.
    await expect.poll(async () => (await fx.client.getMids(true)).ETH ?? mid, { timeout: 10_000 }).toBeLessThan(mid * 0.95);

    const refused = await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.01 });
    expect(refused).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_DAILY_LOSS' } });
    expect(refused?.type === 'SignalRejected' && refused.data.reason).toMatch(
      /^Lost \d+\.\d\d USD today \(realised and open, UTC\); this strategy stops entering past a 5\.00 USD loss a day/,
    );
    expect(await trade(user.uid, { coin: 'ETH', action: 'close' })).toMatchObject({ type: 'SignalExecuted' });
  });
});

describe("executor: the account's daily loss limit (issue 42, point 1)", () => {
  it("given the account's 5 USD limit and one strategy's position down past it, when another strategy enters, then it is refused naming the account; a paper strategy is not the account's", async () => {
    const user = await fx.addUser('u-account', { usdc: 50_000 });
    await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Losing', st_other: 'Other' });
    await addPaperStrategy(user.uid);
    const set: DomainEvent = { type: 'AccountGuardsSet', v: 1, data: { guards: { dailyLossLimitUsd: 5 }, at: now() } };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(set)]);
    await fx.start({ fillBatchDelayMs: 60_000 });
    await trade(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    fx.sim.setMarkPrice('ETH', Math.round(mid * 0.9));
    await expect.poll(async () => (await fx.client.getMids(true)).ETH ?? mid, { timeout: 10_000 }).toBeLessThan(mid * 0.95);

    const refused = await trade(user.uid, { coin: 'BTC', action: 'buy', quantity: 0.001 }, { strategyId: 'st_other' });
    expect(refused).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_ACCOUNT_DAILY_LOSS' } });
    expect(refused?.type === 'SignalRejected' && refused.data.reason).toMatch(
      /^The account lost \d+\.\d\d USD today \(realised and open\); entries stop past its 5\.00 USD loss a day/,
    );
    expect(await trade(user.uid, { coin: 'BTC', action: 'buy', size: 500 }, PAPER)).toMatchObject({ type: 'SignalExecuted' });
    expect(await trade(user.uid, { coin: 'ETH', action: 'close' })).toMatchObject({ type: 'SignalExecuted' });
  });
});

describe('executor: entry guards on a paper strategy (issue 42, point 1)', () => {
  it('given a paper strategy with a cooldown and long entries only, when a second entry and a short come, then both are refused the live way, and its close fills', async () => {
    const user = await fx.addUser('u-paper-guard', { keys: false });
    await addPaperStrategy(user.uid);
    await setGuards(user.uid, PAPER.strategyId, { cooldownMinutes: 5, direction: 'long' });
    await fx.start();

    expect(await trade(user.uid, { coin: 'BTC', action: 'buy', size: 500 }, PAPER)).toMatchObject({ type: 'SignalExecuted' });
    expect(await trade(user.uid, { coin: 'BTC', action: 'buy', size: 500 }, PAPER)).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_COOLDOWN' } });
    expect(await trade(user.uid, { coin: 'ETH', action: 'sell', size: 500 }, PAPER)).toMatchObject({
      type: 'SignalRejected',
      data: { code: 'GUARD_DIRECTION' },
    });
    expect(await trade(user.uid, { coin: 'BTC', action: 'close' }, PAPER)).toMatchObject({ type: 'SignalExecuted' });
  });
});
