import { accountStreamId, TRAIL_MIN_MOVE_INTERVAL_MS, type ProtectionUpdated } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { outcomeOf } from './testing/liveStrategies.js';
import { FIRED_TRIGGER_READ_INTERVAL_MS } from './keepProtection.js';

let fx: ExecutorFixture;
/** The executor's clock runs with the wall clock, plus what a test skips ahead. */
let skipped = 0;
beforeEach(async () => {
  skipped = 0;
  fx = await createExecutorFixture({ clock: () => Date.now() + skipped });
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date(Date.now() + skipped).toISOString();

/** The account's open ETH triggers of one kind as [trigger, size], lowest trigger first. */
async function triggers(accountAddress: string, kind: 'sl' | 'tp'): Promise<[number | undefined, number][]> {
  const open = await fx.client.getOpenOrders({ accountAddress, isTestnet: true });
  return open
    .filter((o) => o.coin === 'ETH' && o.isTrigger && o.tpsl === kind)
    .map((o): [number | undefined, number] => [o.triggerPx, o.size])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

/** Moves the mark, and waits until the mids the executor reads (the market feed) show it. */
async function markAt(px: number): Promise<void> {
  fx.sim.setMarkPrice('ETH', px);
  for (let i = 0; i < 500 && (await fx.client.getMids(true)).ETH !== px; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect((await fx.client.getMids(true)).ETH).toBe(px);
}

async function protections(uid: string): Promise<ProtectionUpdated['data'][]> {
  return (await fx.events(accountStreamId(uid))).flatMap((e) => (e.type === 'ProtectionUpdated' ? [e.data] : []));
}

async function position(accountAddress: string): Promise<number> {
  const snapshot = await fx.client.getAccountSnapshot({ accountAddress, isTestnet: true });
  return snapshot.positions.find((p) => p.coin === 'ETH')?.szi ?? 0;
}

describe('executor: several take-profits (issue 41, point 1)', () => {
  it('given a long with a stop and two take-profits of 50%, when the first fills, then the stop shrinks to the half left; when the second fills, then the stop goes', async () => {
    const user = await fx.addUser('u-take-profits', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const sl = Math.round(mid * 0.9);
    const takeProfits = [
      { offsetPercent: 2, percent: 50 },
      { offsetPercent: 4, percent: 50 },
    ];
    const entry = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: sl, takeProfits }, now())));
    await executor.idle();
    const avgPx = Number(entry?.type === 'SignalExecuted' ? entry.data.avgPx : Number.NaN);
    const armed = (await protections(user.uid)).at(-1);
    const [tp1, tp2] = (armed?.takeProfits ?? []).map((target) => Number(target.triggerPx));
    expect(tp1).toBeCloseTo(avgPx * 1.02, -1);
    expect(tp2).toBeCloseTo(avgPx * 1.04, -1);
    expect(await triggers(user.accountAddress, 'sl')).toEqual([[sl, 0.1]]);
    expect(await triggers(user.accountAddress, 'tp')).toEqual([
      [tp1, 0.05],
      [tp2, 0.05],
    ]);

    await markAt(Math.ceil((tp1! + tp2!) / 2));
    expect(await position(user.accountAddress)).toBeCloseTo(0.05, 8);
    await executor.checkProtection();
    expect(await triggers(user.accountAddress, 'sl')).toEqual([[sl, 0.05]]);
    expect(await triggers(user.accountAddress, 'tp')).toEqual([[tp2, 0.05]]);
    expect((await protections(user.uid)).at(-1)?.takeProfits).toEqual([{ triggerPx: String(tp2), size: '0.05' }]);

    skipped += FIRED_TRIGGER_READ_INTERVAL_MS;
    await markAt(Math.ceil(tp2! * 1.01));
    expect(await position(user.accountAddress)).toBe(0);
    await executor.checkProtection();
    expect(await triggers(user.accountAddress, 'sl')).toEqual([]);
    expect(await triggers(user.accountAddress, 'tp')).toEqual([]);
  });

  it('given a long whose first take-profit fill was just read, when the second fires 5 s later, then the next check reads it at once and the stop shrinks to what is left (issue 41 §5)', async () => {
    const user = await fx.addUser('u-take-profits-close', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const takeProfits = [
      { offsetPercent: 2, percent: 40 },
      { offsetPercent: 4, percent: 30 },
    ];
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.9), takeProfits }, now()));
    await executor.idle();
    const [tp1, tp2] = ((await protections(user.uid)).at(-1)?.takeProfits ?? []).map((target) => Number(target.triggerPx));
    await markAt(Math.ceil((tp1! + tp2!) / 2));
    await executor.checkProtection();
    expect((await triggers(user.accountAddress, 'sl')).map(([, size]) => size)).toEqual([0.06]);

    // Well within the interval that paces reads for a trigger the mid stays past: this one is new.
    skipped += 5_000;
    await markAt(Math.ceil(tp2! * 1.01));
    expect(await position(user.accountAddress)).toBeCloseTo(0.03, 8);
    await executor.checkProtection();
    expect((await triggers(user.accountAddress, 'sl')).map(([, size]) => size)).toEqual([0.03]);
  });

  it('given take-profits whose percents leave a rest, when armed, then the stop covers the whole position and the targets only their parts', async () => {
    const user = await fx.addUser('u-take-profits-rest', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    await fx.terminal(
      await fx.receive(
        user.uid,
        { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.9), takeProfits: [{ price: Math.round(mid * 1.05), percent: 30 }] },
        now(),
      ),
    );
    await executor.idle();
    expect((await triggers(user.accountAddress, 'sl')).map(([, size]) => size)).toEqual([0.1]);
    expect(await triggers(user.accountAddress, 'tp')).toEqual([[Math.round(mid * 1.05), 0.03]]);
  });
});

describe('executor: a trailing stop (issue 41, point 1)', () => {
  it('given a long trailing 2% behind, when the price rises, then the stop follows in steps of a quarter of the distance, at most once per interval, and never moves down', async () => {
    const user = await fx.addUser('u-trail', { usdc: 50_000 });
    const executor = await fx.start();
    const entry = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, trailingStop: { percent: 2 } }, now())));
    await executor.idle();
    const avgPx = Number(entry?.type === 'SignalExecuted' ? entry.data.avgPx : Number.NaN);
    const [[first]] = (await triggers(user.accountAddress, 'sl')) as [[number, number]];
    expect(first).toBeLessThanOrEqual(avgPx * 0.98);
    expect(first).toBeGreaterThan(avgPx * 0.979);
    const stopNow = async () => (await triggers(user.accountAddress, 'sl')).map(([px]) => px ?? 0);

    // Less than a step (0.5% of the price) of tightening: nothing moves.
    await markAt(Math.round(avgPx * 1.003));
    await executor.checkProtection();
    expect(await stopNow()).toEqual([first]);

    await markAt(Math.round(avgPx * 1.01));
    await executor.checkProtection();
    const [second = 0] = await stopNow();
    expect(second).toBeGreaterThan(first);
    expect(second).toBeLessThanOrEqual(avgPx * 1.01 * 0.98 + 1);

    // A step more, but within the interval: it waits; after it, it moves.
    await markAt(Math.round(avgPx * 1.02));
    await executor.checkProtection();
    expect(await stopNow()).toEqual([second]);
    skipped += TRAIL_MIN_MOVE_INTERVAL_MS;
    await executor.checkProtection();
    const [third = 0] = await stopNow();
    expect(third).toBeGreaterThan(second);

    // The price falls back: the stop stays.
    skipped += TRAIL_MIN_MOVE_INTERVAL_MS;
    await markAt(Math.round(avgPx * 1.005));
    await executor.checkProtection();
    expect(await stopNow()).toEqual([third]);
    const moves = (await protections(user.uid)).filter((update) => update.trailingStop?.movedAt !== undefined);
    expect(moves.map((update) => Number(update.stopLoss))).toEqual([second, third]);
    expect(await position(user.accountAddress)).toBeCloseTo(0.1, 8);
  });

  it('given a short trail with an activation price not yet reached, when the executor restarts and the price then falls past it, then the new executor tightens the stop downwards', async () => {
    const user = await fx.addUser('u-trail-restart', { usdc: 50_000 });
    const first = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const activationPrice = Math.round(mid * 0.98);
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'sell', quantity: 0.1, trailingStop: { amount: mid * 0.03, activationPrice } }, now()));
    await first.idle();
    const [[armedStop]] = (await triggers(user.accountAddress, 'sl')) as [[number, number]];
    expect(armedStop).toBeGreaterThan(mid);
    await markAt(Math.round(mid * 0.99));
    await first.checkProtection();
    expect((await triggers(user.accountAddress, 'sl')).map(([px]) => px)).toEqual([armedStop]);
    await first.stop();

    const second = await fx.start();
    await markAt(Math.round(activationPrice * 0.99));
    await second.checkProtection();
    const [[moved]] = (await triggers(user.accountAddress, 'sl')) as [[number, number]];
    expect(moved).toBeLessThan(armedStop);
    expect(moved).toBeGreaterThanOrEqual(Math.round(activationPrice * 0.99) + mid * 0.03 - 1);
    expect((await protections(user.uid)).at(-1)?.trailingStop).toMatchObject({ active: true });
  });
});

describe('executor: a resting entry that filled while no alert came (issue 41, point 1)', () => {
  it('given a long with a stop and a resting buy limit of the same strategy, when the price falls through the limit, then the fill is counted and the stop grows to cover the whole position', async () => {
    const user = await fx.addUser('u-resting-fill', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const sl = Math.round(mid * 0.9);
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: sl }, now()));
    const limit = Math.round(mid * 0.97);
    const restingId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.05, orderType: 'limit', price: limit }, now());
    const rested = outcomeOf(await fx.terminal(restingId));
    expect(rested).toMatchObject({ data: { status: 'resting' } });
    await executor.idle();
    expect(await triggers(user.accountAddress, 'sl')).toEqual([[sl, 0.1]]);

    await markAt(Math.round(mid * 0.96));
    expect(await position(user.accountAddress)).toBeCloseTo(0.15, 8);
    await executor.checkProtection();

    const fills = (await fx.events(accountStreamId(user.uid))).filter((e) => e.type === 'FillRecorded' && e.data.signalId === restingId);
    expect(fills.length).toBeGreaterThan(0);
    expect(await triggers(user.accountAddress, 'sl')).toEqual([[sl, 0.15]]);
  });
});
