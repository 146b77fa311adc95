import { accountStreamId } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { outcomeOf } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
/** The executor's clock: moved by the test, never the wall clock's. */
let now = Date.now();
beforeEach(async () => {
  now = Date.now();
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const iso = () => new Date(now).toISOString();

/** The account's open ETH limits as [price, size], highest first. */
async function openLimits(accountAddress: string): Promise<[number | undefined, number][]> {
  const open = await fx.client.getOpenOrders({ accountAddress, isTestnet: true });
  return open
    .filter((o) => o.coin === 'ETH' && !o.isTrigger)
    .map((o): [number | undefined, number] => [o.limitPx, o.size])
    .sort((a, b) => Number(b[0]) - Number(a[0]));
}

describe('executor: resting entries cancelled after a while, and ladders (issue 41)', () => {
  it('issue 41 §2 ladder: given a $500 ladder below the mid in 5, when executed, then the venue gets one order action with 5 resting limits, each recorded resting; a cancel cancels all 5', async () => {
    const user = await fx.addUser('u-ladder', { usdc: 50_000 });
    const executor = await fx.start({ clock: () => now });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const [from, to] = [Math.round(mid * 0.95), Math.round(mid * 0.9)];
    const before = fx.sim.stats().exchangeRequests;

    const done = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 500, ladder: { from, to, orders: 5 } }, iso())));
    await executor.idle();

    expect(done).toMatchObject({ type: 'SignalExecuted', data: { status: 'resting' } });
    // The leverage set for the new position, then one order action carrying all five.
    expect(fx.sim.stats().exchangeRequests - before).toBe(2);
    const limits = await openLimits(user.accountAddress);
    expect(limits).toHaveLength(5);
    expect(limits[0]?.[0]).toBeLessThanOrEqual(from);
    expect(limits[4]?.[0]).toBeLessThanOrEqual(to);
    const rested = (await fx.events(accountStreamId(user.uid))).filter((e) => e.type === 'OrderRested');
    expect(new Set(rested.map((e) => (e.type === 'OrderRested' ? e.data.cloid : '')))).toHaveProperty('size', 5);

    const cancel = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'cancel' }, iso())));
    expect(cancel).toMatchObject({ type: 'RestingOrdersCancelled', data: { reason: expect.stringMatching(/^Cancelled 5 resting ETH orders/) as string } });
    expect(await openLimits(user.accountAddress)).toEqual([]);
  });

  it('issue 41 §1 cancelAfterMinutes: given a resting limit with cancelAfterMinutes 30, when 29 min pass nothing is cancelled; when the executor restarts and 30 min have passed, then the new one cancels it by cloid and records it', async () => {
    const user = await fx.addUser('u-expiry', { usdc: 50_000 });
    const first = await fx.start({ clock: () => now });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const price = Math.round(mid * 0.95);
    const done = outcomeOf(
      await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', orderType: 'limit', price, size: 100, cancelAfterMinutes: 30 }, iso())),
    );
    await first.idle();
    expect(done).toMatchObject({ type: 'SignalExecuted', data: { status: 'resting' } });
    const rested = (await fx.events(accountStreamId(user.uid))).find((e) => e.type === 'OrderRested');
    expect(rested?.type === 'OrderRested' && Date.parse(rested.data.cancelAt ?? '') - Date.parse(rested.data.at)).toBe(30 * 60_000);

    now += 29 * 60_000;
    await first.checkExpiries();
    expect(await openLimits(user.accountAddress)).toHaveLength(1);
    await first.stop();

    now += 60_000;
    const second = await fx.start({ clock: () => now });
    await second.checkExpiries();

    expect(await openLimits(user.accountAddress)).toEqual([]);
    const expired = (await fx.events(accountStreamId(user.uid))).find((e) => e.type === 'RestingOrdersExpired');
    expect(expired).toMatchObject({ data: { afterMinutes: 30, cancelled: [rested?.type === 'OrderRested' ? rested.data.cloid : ''], gone: [] } });
    const requests = fx.sim.stats().exchangeRequests;
    await second.checkExpiries();
    expect(fx.sim.stats().exchangeRequests).toBe(requests);
  });
});
