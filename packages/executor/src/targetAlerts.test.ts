import type { SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

let fx: ExecutorFixture;
beforeEach(async () => {
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

/** The account's BTC position on the simulator, in coins (negative short). */
async function btcHeld(accountAddress: string): Promise<number> {
  const snapshot = await fx.client.getAccountSnapshot({ accountAddress, isTestnet: true });
  return snapshot.positions.find((p) => p.coin === 'BTC')?.szi ?? 0;
}

const outcome = (events: readonly SignalEvent[]) =>
  events.find((e) => e.type === 'SignalExecuted' || e.type === 'TargetAlreadyHeld' || e.type === 'SignalRejected' || e.type === 'SignalFailed');

describe('executor: target-position alerts send only the difference (issue 29, point 2)', () => {
  it('given a trader whose strategy says long, long, short, flat, flat, then the account is long, stays long, flips short in one order, closes, and the repeats send nothing', async () => {
    const user = await fx.addUser('u-target', { usdc: 50_000, settings: { riskLimits: { maxPositionSize: 0 } } });
    await fx.start({ fillBatchDelayMs: 60_000 });
    const orders = () => fx.sim.stats().ordersAccepted;
    const step = async (target: 'long' | 'short' | 'flat', quantity?: number) => {
      const signalId = await fx.receive(user.uid, {
        coin: 'BTC',
        action: target === 'long' ? 'buy' : target === 'short' ? 'sell' : 'close',
        target,
        ...(quantity !== undefined ? { quantity } : {}),
      });
      return outcome(await fx.terminal(signalId));
    };

    expect(await step('long', 0.01)).toMatchObject({ type: 'SignalExecuted' });
    expect(await btcHeld(user.accountAddress)).toBeCloseTo(0.01, 8);

    const before = orders();
    expect(await step('long', 0.01)).toEqual({
      type: 'TargetAlreadyHeld',
      v: 1,
      data: { at: expect.any(String), reason: 'Already long 0.01 BTC, the size the alert wants: nothing to send.' },
    });
    expect(await step('long')).toMatchObject({ type: 'TargetAlreadyHeld', data: { reason: 'Already long 0.01 BTC: nothing to send.' } });
    expect(orders()).toBe(before);

    expect(await step('short', 0.02)).toMatchObject({ type: 'SignalExecuted' });
    expect(orders()).toBe(before + 1);
    expect(await btcHeld(user.accountAddress)).toBeCloseTo(-0.02, 8);

    expect(await step('flat')).toMatchObject({ type: 'SignalExecuted' });
    expect(await btcHeld(user.accountAddress)).toBe(0);
    expect(await step('flat')).toMatchObject({ type: 'TargetAlreadyHeld', data: { reason: 'Already flat in BTC: nothing to send.' } });
  });

  it('given the position was closed by hand on the venue, when the next target alert comes, then it plans on the position as it is, not as tracked', async () => {
    const user = await fx.addUser('u-manual', { usdc: 50_000, settings: { riskLimits: { maxPositionSize: 0 } } });
    await fx.start({ fillBatchDelayMs: 60_000 });
    const long = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', target: 'long', quantity: 0.01 });
    expect(outcome(await fx.terminal(long))).toMatchObject({ type: 'SignalExecuted' });
    // the trader closes it on Hyperliquid's own app, which the executor's tracked state does not see
    const byHand = await fx.client.placeOrder(
      { accountAddress: user.accountAddress, isTestnet: true, agentPrivateKey: user.agentKey },
      { coin: 'BTC', isBuy: false, price: '96030', size: '0.01', reduceOnly: true, tif: 'Ioc', cloid: cloidForSignal('by-hand') },
    );
    expect(byHand.outcome.kind).toBe('filled');
    const again = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', target: 'long', quantity: 0.01 });
    expect(outcome(await fx.terminal(again))).toMatchObject({ type: 'SignalExecuted' });
    expect(await btcHeld(user.accountAddress)).toBeCloseTo(0.01, 8);
  });
});
