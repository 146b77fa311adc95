import type { SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, TEST_ORDER_EXPIRY_MS, type ExecutorFixture } from './testing/executorFixture.js';

const HOUR = 3_600_000;
const last = (events: readonly SignalEvent[]) => events.at(-1);

/**
 * Issue 32, point 3: the wall clock of the executor's machine jumps (an NTP step, a VM resumed)
 * while an order is out. The venue's clock does not jump with it, and it is the venue that
 * decides whether a signed order can still land.
 */
describe('executor: the wall clock jumps while an order is out (issue 32, point 3)', () => {
  let fx: ExecutorFixture | undefined;
  afterEach(async () => {
    await fx?.close();
  });

  /** A fixture whose wall clock moves by `jump` the moment OrderSubmitted is durable (the order is signed by then). */
  async function jumpingAfterSigning(jump: number): Promise<ExecutorFixture> {
    let offset = 0;
    const fixture = await createExecutorFixture({ clock: () => Date.now() + offset });
    await fixture.start({
      log: (entry) => {
        fixture.logs.push(entry);
        if (entry.msg === 'order submitted') offset = jump;
      },
    });
    return fixture;
  }

  it('given an order the venue answers later than the client waits (uncertain), when the clock jumps an hour forward right after signing, then "not found" is not taken as final before the order could expire: the late order lands and none is sent again', async () => {
    fx = await jumpingAfterSigning(HOUR);
    const user = await fx.addUser('u-jump-forward');
    // Applied 1.1 s after it arrives: after the client's 0.7 s timeout, before its 1.5 s expiry.
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'latency', ms: 1_100, actionType: 'order' });
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(TEST_ORDER_EXPIRY_MS).toBeGreaterThan(1_100);
    expect(last(events)?.type).toBe('SignalExecuted');
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
    // Sent once: the venue's duplicate-cloid check must not be what stands between the trader and a second order.
    expect(fx.sim.stats().requestsByType['exchange order']).toBe(1);
    expect(fx.logs.filter((entry) => entry.msg === 'order not applied, retrying')).toEqual([]);
  });

  it("given an order that never reached the venue (timeout), when the clock jumps an hour back right after signing, then the retries end at the retry deadline by the time elapsed, not an hour later, with the venue's reason, and nothing lands", async () => {
    fx = await jumpingAfterSigning(-HOUR);
    const user = await fx.addUser('u-jump-back');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'timeout', actionType: 'order' });
    const signalId = await fx.receive(user.uid, { coin: 'SOL', action: 'buy', size: 100 });

    // Signed an hour behind the venue, every new order arrives expired: no order can land.
    const events = await fx.terminal(signalId, 15_000);
    const outcome = last(events);

    expect(outcome?.type).toBe('SignalFailed');
    expect(outcome?.type === 'SignalFailed' && outcome.data).toMatchObject({
      code: 'EXCHANGE_UNAVAILABLE',
      transient: true,
      reason: expect.stringMatching(/expired/i),
    });
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBeUndefined();
  });
});
