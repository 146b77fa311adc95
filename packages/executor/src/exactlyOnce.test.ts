import type { SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from './startExecutor.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const last = (events: readonly SignalEvent[]) => events.at(-1);

describe('executor: exactly once under crashes and exchange faults (ARCHITECTURE §5 idempotency)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given the executor dies after sending but before recording the outcome, when it restarts, then it reconciles the cloid: no second order, the signal ends executed', async () => {
    const user = await fx.addUser('u-crash');
    const first: Executor = await fx.start({
      hooks: {
        afterOrderSent() {
          // Simulated crash: stop taking work and abandon this signal mid-flight.
          void first.stop();
          throw new Error('simulated crash');
        },
      },
    });
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    await waitFor(() => fx.logs.some((l) => l.msg === 'executor stopped'));
    const before = await fx.events(`signal-${signalId}`);
    expect(before.map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted']);

    await fx.start();
    const events = await fx.terminal(signalId);

    expect(last(events)?.type).toBe('SignalExecuted');
    expect(last(events)?.data).toMatchObject({ status: 'filled', avgPx: expect.any(String) });
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
    expect(fx.logs.some((l) => l.msg === 'reconciling submitted order' && l.signalId === signalId)).toBe(true);
  });

  it('given the exchange applies the order but the answer is lost (dropAfterApply), when the outcome is uncertain, then the cloid is reconciled and no second order is sent', async () => {
    const user = await fx.addUser('u-drop');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'dropAfterApply', actionType: 'order' });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(last(events)?.type).toBe('SignalExecuted');
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it('given the exchange answers 502 twice, when the order is sent, then it is retried with backoff (nothing applied) and executed once', async () => {
    const user = await fx.addUser('u-5xx');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'http5xx', actionType: 'order', count: 2 });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(last(events)?.type).toBe('SignalExecuted');
    expect(events.filter((e) => e.type === 'OrderSubmitted')).toHaveLength(1);
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it('given the exchange rate-limits the order (429), when it is sent, then it is retried and executed once', async () => {
    const user = await fx.addUser('u-429');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'http429', actionType: 'order', count: 4 });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(last(events)?.type).toBe('SignalExecuted');
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it('given the order request times out unapplied, when the signed order expires unseen, then it is sent again and executed exactly once', async () => {
    const user = await fx.addUser('u-timeout');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'timeout', actionType: 'order' });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'SOL', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    expect(last(events)?.type).toBe('SignalExecuted');
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it("given the exchange keeps answering 502, when the retry deadline passes, then the signal fails as transient with the exchange's message", async () => {
    const user = await fx.addUser('u-down');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'http5xx', actionType: 'order', count: 1_000 });
    await fx.start({ retryDeadlineMs: 600 });
    const signalId = await fx.receive(user.uid, { coin: 'SOL', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);

    const end = last(events);
    expect(end?.type).toBe('SignalFailed');
    expect(end?.type === 'SignalFailed' && end.data).toMatchObject({
      code: 'EXCHANGE_UNAVAILABLE',
      transient: true,
      reason: expect.stringMatching(/502|Bad Gateway|server/i),
    });
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBeUndefined();
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
