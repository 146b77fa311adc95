import { accountStreamId, DEFAULT_SETTINGS, userStreamId, type DomainEvent, type FundingPaid } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { FUNDING_INTERVAL_MS, fundingHourOf } from '@hyperhook/trading';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { addLiveStrategies, outcomeOf } from './testing/liveStrategies.js';

/** The executors' and the simulator's clock: moved by the test, never the wall clock's. */
let now = Date.now();
let fx: ExecutorFixture;
beforeEach(async () => {
  now = Date.now();
  fx = await createExecutorFixture({ clock: () => now, venueOnClock: true });
});
afterEach(async () => {
  await fx.close();
});

const A = { strategyId: 'st_trend' };
const B = { strategyId: 'st_revert' };
const iso = () => new Date(now).toISOString();
const fundingOf = async (uid: string) => (await fx.events(accountStreamId(uid))).filter((e): e is FundingPaid => e.type === 'FundingPaid').map((e) => e.data);
/** USDC in integer millionths: the venue's decimals, so sums are exact. */
const micro = (usdc: string) => Math.round(Number(usdc) * 1e6);
const fundingReads = () => fx.sim.stats().requestsByType['info userFunding'] ?? 0;
/** Moves the clock past the next funding hour and the keeper's settling delay; returns that hour. */
const pastNextHour = (): number => {
  const hour = fundingHourOf(now) + FUNDING_INTERVAL_MS;
  now = hour + 2 * 60_000;
  return hour;
};

/** A user whose two live strategies bought 0.1 and 0.05 ETH (fills recorded), the ETH rate 0.0001 an hour. */
async function twoStrategiesLongEth(uid: string) {
  const user = await fx.addUser(uid, { usdc: 50_000 });
  await addLiveStrategies(fx, user.uid, { [A.strategyId]: 'Trend', [B.strategyId]: 'Mean reversion' });
  fx.sim.setFundingRate('ETH', 0.0001);
  return user;
}
async function trade(uid: string, to: { strategyId: string }, quantity: number) {
  expect(outcomeOf(await fx.terminal(await fx.receive(uid, { coin: 'ETH', action: 'buy', quantity }, iso(), to)))).toMatchObject({
    type: 'SignalExecuted',
  });
}

describe('funding keeper (issue 43)', () => {
  it('given two strategies long 0.1 and 0.05 ETH on one account, when the hour is paid, then one FundingPaid each, split 2:1 by their shares, summing exactly to the venue’s payment', async () => {
    const user = await twoStrategiesLongEth('u-split');
    const executor = await fx.start();
    await trade(user.uid, A, 0.1);
    await trade(user.uid, B, 0.05);
    await executor.idle();

    const hour = pastNextHour();
    await executor.checkFunding();

    const [venue] = await fx.client.userFunding(user.accountAddress, hour, hour, true);
    const paid = await fundingOf(user.uid);
    expect(venue).toMatchObject({ time: hour, coin: 'ETH', szi: '0.15', fundingRate: '0.0001' });
    // One event per strategy, in the order of their ids.
    expect(paid.map((p) => [p.strategyId, p.szi, p.time])).toEqual([
      [B.strategyId, '0.05', new Date(hour).toISOString()],
      [A.strategyId, '0.1', new Date(hour).toISOString()],
    ]);
    expect(micro(paid[1]!.usdc) / micro(paid[0]!.usdc)).toBeCloseTo(2, 3);
    expect(paid.reduce((sum, p) => sum + micro(p.usdc), 0)).toBe(micro(venue!.usdc));
    expect(micro(venue!.usdc)).toBeLessThan(0);
  });

  it('given payments recorded, when the executor restarts and reads again, then none is recorded twice, and the next hour’s once', async () => {
    const user = await twoStrategiesLongEth('u-restart');
    const first = await fx.start();
    await trade(user.uid, A, 0.1);
    await first.idle();
    pastNextHour();
    await first.checkFunding();
    expect(await fundingOf(user.uid)).toHaveLength(1);
    await first.stop();

    const second = await fx.start();
    await second.checkFunding();
    const readsBefore = fundingReads();
    const hour = pastNextHour();
    await second.checkFunding();
    await second.checkFunding(); // the same hour again: not due

    const paid = await fundingOf(user.uid);
    expect(paid.map((p) => p.time)).toEqual([new Date(hour - FUNDING_INTERVAL_MS).toISOString(), new Date(hour).toISOString()]);
    expect(fundingReads() - readsBefore).toBe(1);
  });

  it('given a strategy on a sub-account and one on the main account, when the hour is paid, then each account is read and each payment is its strategy’s, the sub-account’s marked so', async () => {
    const SUB = `0x${'5e'.repeat(20)}`;
    const user = await twoStrategiesLongEth('u-sub');
    fx.sim.createSubAccount({ master: user.accountAddress, address: SUB, name: 'eth-sub', usdc: 5_000 });
    const settings = { ...structuredClone(DEFAULT_SETTINGS), riskLimits: { ...DEFAULT_SETTINGS.riskLimits, maxPositionSize: 0 } };
    const bound: DomainEvent[] = [
      { type: 'StrategyCreated', v: 1, data: { strategyId: 'st_sub', name: 'On sub', venue: 'live', settings, at: iso() } },
      { type: 'StrategySubAccountBound', v: 1, data: { strategyId: 'st_sub', subAccountAddress: SUB, name: 'eth-sub', at: iso() } },
    ];
    await fx.store.eventStore.append(
      userStreamId(user.uid),
      bound.map((e) => toNewEvent(e)),
    );
    const executor = await fx.start();
    await trade(user.uid, A, 0.1);
    await trade(user.uid, { strategyId: 'st_sub' }, 0.04);
    await executor.idle();

    pastNextHour();
    await executor.checkFunding();

    const paid = await fundingOf(user.uid);
    expect(paid.map((p) => [p.strategyId, p.szi, p.subAccount])).toEqual([
      [A.strategyId, '0.1', undefined],
      ['st_sub', '0.04', SUB],
    ]);
    expect(fundingReads()).toBe(2);
  });

  it('given three holders and at most two users a check, when the hour is due, then two are read, the third at the next check, and none again that hour', async () => {
    const executor = await fx.start({ fundingUsersPerCheck: 2 });
    for (const uid of ['u-b1', 'u-b2', 'u-b3']) {
      const user = await twoStrategiesLongEth(uid);
      await trade(user.uid, A, 0.01);
    }
    await executor.idle();
    pastNextHour();

    await executor.checkFunding();
    const afterFirst = fundingReads();
    await executor.checkFunding();
    const afterSecond = fundingReads();
    await executor.checkFunding();

    expect([afterFirst, afterSecond, fundingReads()]).toEqual([2, 3, 3]);
    for (const uid of ['u-b1', 'u-b2', 'u-b3']) expect(await fundingOf(uid)).toHaveLength(1);
  });

  it('given a user who never held a position, when hours pass, then their funding is never read', async () => {
    await fx.addUser('u-flat', { usdc: 50_000 });
    const executor = await fx.start();

    pastNextHour();
    await executor.checkFunding();
    pastNextHour();
    await executor.checkFunding();

    expect(fundingReads()).toBe(0);
  });

  it('given the budget used past the deferrable share, when funding is due, then its read waits in the lowest lane while an order’s read still goes; it is recorded once room is back', async () => {
    const { client } = fx;
    const user = await twoStrategiesLongEth('u-budget');
    const executor = await fx.start();
    await trade(user.uid, A, 0.1);
    await executor.idle();
    pastNextHour();
    now = fundingHourOf(now) + 2 * 60_000; // a whole second: the window does not turn by itself
    for (let i = 0; i < 36; i += 1) await client.getFundingRates(true); // 720: the deferrable share of 1,200

    const deferredBefore = client.budget(true).byPriority.deferrable.waits;
    const funding = executor.checkFunding();
    await vi.waitFor(() => expect(client.budget(true).byPriority.deferrable.waits).toBe(deferredBefore + 1));
    await client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true }); // an order's read: 724 of its 1,080

    expect(fundingReads()).toBe(0);
    expect(client.budget(true).byPriority.orderRead.waits).toBe(0);
    now += 61_000;
    await funding;
    expect(fundingReads()).toBe(1);
    expect(await fundingOf(user.uid)).toHaveLength(1);
  });
});
