import { accountStreamId, type ProtectionUpdated } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { outcomeOf } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date().toISOString();

/** The account's open ETH stops as [trigger, size]. */
async function stops(accountAddress: string): Promise<[number | undefined, number][]> {
  const open = await fx.client.getOpenOrders({ accountAddress, isTestnet: true });
  return open.filter((o) => o.coin === 'ETH' && o.isTrigger && o.tpsl === 'sl').map((o) => [o.triggerPx, o.size]);
}

/** Moves the mark, and waits until the mids the executor reads (the market feed) show it. */
async function markAt(px: number): Promise<void> {
  fx.sim.setMarkPrice('ETH', px);
  for (let i = 0; i < 500 && (await fx.client.getMids(true)).ETH !== px; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await fx.client.getMids(true)).ETH).toBe(px);
}

async function lastProtection(uid: string): Promise<ProtectionUpdated['data'] | undefined> {
  const last = (await fx.events(accountStreamId(uid))).findLast((e) => e.type === 'ProtectionUpdated');
  return last?.type === 'ProtectionUpdated' ? last.data : undefined;
}

describe('executor: a stop moved to break-even (issue 41, point 1)', () => {
  it('given a long with a stop and a break-even move, when the mid stays below the activation, then nothing moves; once it reaches it, then the stop goes to entry + offset, placed before the old one is cancelled, and never back', async () => {
    const user = await fx.addUser('u-break-even', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const sl = Math.round(mid * 0.9);
    const entry = outcomeOf(
      await fx.terminal(
        await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: sl, breakEven: { activationPercent: 1, offsetPercent: 0.1 } }, now()),
      ),
    );
    await executor.idle();
    const avgPx = Number(entry?.type === 'SignalExecuted' ? entry.data.avgPx : Number.NaN);
    const armed = (await lastProtection(user.uid))?.breakEven;
    expect(Number(armed?.activationPx)).toBeCloseTo(avgPx * 1.01, -1);
    expect(Number(armed?.stopPx)).toBeCloseTo(avgPx * 1.001, -1);
    expect(await stops(user.accountAddress)).toEqual([[sl, 0.1]]);

    await markAt(Math.floor(Number(armed?.activationPx) * 0.998));
    await executor.checkProtection();
    expect(await stops(user.accountAddress)).toEqual([[sl, 0.1]]);

    await markAt(Math.ceil(Number(armed?.activationPx) * 1.001));
    await executor.checkProtection();
    expect(await stops(user.accountAddress)).toEqual([[Number(armed?.stopPx), 0.1]]);
    const moved = await lastProtection(user.uid);
    expect(moved).toMatchObject({ stopLoss: armed?.stopPx, cancelled: [{ status: 'cancelled' }] });
    expect(moved?.breakEven).toBeUndefined();

    await markAt(Math.ceil(Number(armed?.activationPx) * 1.02));
    const updates = (await fx.events(accountStreamId(user.uid))).filter((e) => e.type === 'ProtectionUpdated').length;
    await executor.checkProtection();
    expect((await fx.events(accountStreamId(user.uid))).filter((e) => e.type === 'ProtectionUpdated')).toHaveLength(updates);
  });

  it('given an armed break-even, when the executor restarts before the mid reaches it, then the new executor moves the stop', async () => {
    const user = await fx.addUser('u-break-even-restart', { usdc: 50_000 });
    const first = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'sell', quantity: 0.1, breakEven: { activationPercent: 2, offsetPercent: 0 } }, now()));
    await first.idle();
    const armed = (await lastProtection(user.uid))?.breakEven;
    expect(Number(armed?.activationPx)).toBeLessThan(mid);
    expect(await stops(user.accountAddress)).toEqual([]);
    await first.stop();

    const second = await fx.start();
    await markAt(Math.floor(Number(armed?.activationPx) * 0.999));
    await second.checkProtection();

    expect(await stops(user.accountAddress)).toEqual([[Number(armed?.stopPx), 0.1]]);
    expect((await lastProtection(user.uid))?.breakEven).toBeUndefined();
  });
});
