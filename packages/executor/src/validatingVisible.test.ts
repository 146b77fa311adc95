import { signalStreamId } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

describe('executor: the log shows "validating" while the exchange is read (STATE-02, STATE-06, TAB-LOGS-10)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given slow exchange reads, when an alert is being validated, then SignalValidationStarted is durable before any order is submitted, and the signal still ends executed', async () => {
    const user = await fx.addUser('u-validating');
    fx.sim.injectFault({ endpoint: 'info', kind: 'latency', ms: 400, count: 20 });
    await fx.start();
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });

    let typesWhileValidating: string[] = [];
    await expect
      .poll(
        async () => {
          typesWhileValidating = (await fx.store.eventStore.readStream(signalStreamId(signalId))).map((e) => e.type);
          return typesWhileValidating.includes('SignalValidationStarted');
        },
        { timeout: 5_000, interval: 10 },
      )
      .toBe(true);
    expect(typesWhileValidating).not.toContain('OrderSubmitted');

    const events = await fx.terminal(signalId);
    expect(events.map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted', 'SignalExecuted']);
  });
});
