import { accountStreamId } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { outcomeOf } from '../testing/liveStrategies.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const now = () => new Date().toISOString();

/** The account's open ETH triggers as [kind, trigger, size], stops first, lowest trigger first. */
async function triggers(accountAddress: string): Promise<[string | undefined, number | undefined, number][]> {
  return (await fx.client.getOpenOrders({ accountAddress, isTestnet: true }))
    .filter((o) => o.coin === 'ETH' && o.isTrigger)
    .map((o): [string | undefined, number | undefined, number] => [o.tpsl, o.triggerPx, o.size])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || (a[1] ?? 0) - (b[1] ?? 0));
}

describe('executor: an update alert replaces the protection of the strategy’s position (issue 41, point 1)', () => {
  it('given a long with a stop, when an update moves the stop up and adds two take-profits, then the new stop is placed before the old one is cancelled, and the log says what protects it now', async () => {
    const user = await fx.addUser('u-update', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const [oldStop, newStop] = [Math.round(mid * 0.9), Math.round(mid * 0.95)];
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: oldStop }, now()));
    await executor.idle();
    const calls: string[] = [];
    const [place, cancel] = [fx.client.placeTriggerOrders.bind(fx.client), fx.client.cancelByCloid.bind(fx.client)];
    vi.spyOn(fx.client, 'placeTriggerOrders').mockImplementation(async (...args) => {
      calls.push(`place ${args[1].map((order) => order.kind).join(',')}`);
      return place(...args);
    });
    vi.spyOn(fx.client, 'cancelByCloid').mockImplementation(async (...args) => {
      calls.push(`cancel ${args[1].length}`);
      return cancel(...args);
    });

    const done = outcomeOf(
      await fx.terminal(
        await fx.receive(
          user.uid,
          {
            coin: 'ETH',
            action: 'update',
            stopLoss: newStop,
            takeProfits: [
              { offsetPercent: 5, percent: 50 },
              { offsetPercent: 10, percent: 50 },
            ],
          },
          now(),
        ),
      ),
    );
    await executor.idle();

    expect(calls).toEqual(['place sl,tp,tp', 'cancel 1']);
    const live = await triggers(user.accountAddress);
    expect(live.map(([kind, , size]) => [kind, size])).toEqual([
      ['sl', 0.1],
      ['tp', 0.05],
      ['tp', 0.05],
    ]);
    expect(live[0]?.[1]).toBe(newStop);
    expect(done).toMatchObject({ type: 'ProtectionReplaced' });
    expect(done?.type === 'ProtectionReplaced' ? done.data.reason : '').toMatch(
      new RegExp(`^Protection of this strategy's 0\\.1 ETH long updated: stop-loss ${newStop}; take-profits 0\\.05 at [\\d.]+, 0\\.05 at [\\d.]+\\.$`),
    );
  });

  it('given a long, when an update asks for a stop above the price, then it is refused and the old stop stays; given no position, then refused as NO_POSITION', async () => {
    const user = await fx.addUser('u-update-refused', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const noPosition = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'update', stopLoss: Math.round(mid * 0.9) }, now())));
    expect(noPosition).toMatchObject({ type: 'SignalRejected', data: { code: 'NO_POSITION' } });

    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.9) }, now()));
    await executor.idle();
    const refused = outcomeOf(await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'update', stopLoss: Math.round(mid * 1.05) }, now())));
    expect(refused).toMatchObject({ type: 'SignalRejected', data: { code: 'INVALID_STOP_LOSS' } });
    expect(await triggers(user.accountAddress)).toEqual([['sl', Math.round(mid * 0.9), 0.1]]);
  });

  it('given a long whose take-profit fired before its fill was read, when an update sets new take-profits, then the stop and the new take-profit are sized for what is left (issue 41 §5)', async () => {
    const user = await fx.addUser('u-update-after-fire', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    const alert = { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.9), takeProfits: [{ offsetPercent: 1, percent: 50 }] } as const;
    await fx.terminal(await fx.receive(user.uid, { ...alert, takeProfits: [...alert.takeProfits] }, now()));
    await executor.idle();
    // The mark passes the take-profit: the venue fires it, and no keeper check has read its fill yet.
    const past = Math.round(mid * 1.02);
    fx.sim.setMarkPrice('ETH', past);
    // The market feed shows it within a second or so; a loaded machine may take longer.
    await vi.waitFor(async () => expect((await fx.client.getMids(true)).ETH).toBe(past), { timeout: 10_000, interval: 20 });

    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'update', takeProfits: [{ offsetPercent: 5, percent: 50 }] }, now()));
    await executor.idle();

    expect((await triggers(user.accountAddress)).map(([kind, , size]) => [kind, size])).toEqual([
      ['sl', 0.05],
      ['tp', 0.025],
    ]);
  });

  it('given a long with a stop, when an update adds a trailing stop, then the trail is armed and the stop is the tighter of the old one and the trail behind the price', async () => {
    const user = await fx.addUser('u-update-trail', { usdc: 50_000 });
    const executor = await fx.start();
    const mid = (await fx.client.getMids(true)).ETH ?? 0;
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1, stopLoss: Math.round(mid * 0.9) }, now()));
    await executor.idle();
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'update', trailingStop: { percent: 2 } }, now()));
    await executor.idle();
    const [[kind, stop = 0, size]] = (await triggers(user.accountAddress)) as [[string, number, number]];
    expect([kind, size]).toEqual(['sl', 0.1]);
    expect(stop).toBeGreaterThan(mid * 0.979);
    expect(stop).toBeLessThanOrEqual(mid * 0.98);
    const last = (await fx.events(accountStreamId(user.uid))).findLast((e) => e.type === 'ProtectionUpdated');
    expect(last?.type === 'ProtectionUpdated' ? last.data.trailingStop : undefined).toEqual({ percent: '2', active: true });
  });
});
