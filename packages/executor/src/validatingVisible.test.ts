import { signalStreamId } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { interceptAppends } from './testing/interceptAppends.js';

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

  it('given the account and prices at hand (a second alert of a user), when it is validated, then "validating" is recorded with the plan and the order in one append: one commit less before the wire', async () => {
    const user = await fx.addUser('u-at-hand');
    const appendsBySignal = new Map<string, string[][]>();
    const counting = interceptAppends(
      fx.store.eventStore,
      (streamId, events) => void appendsBySignal.set(streamId, [...(appendsBySignal.get(streamId) ?? []), events.map((e) => e.type)]),
    );
    await fx.start({ store: { eventStore: counting, checkpoints: fx.store.checkpoints } });
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    await fx.terminal(first);

    const second = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    const events = await fx.terminal(second);

    expect(events.map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted', 'SignalExecuted']);
    // The first alert read the account from the exchange: "validating" went on the log by itself.
    expect(appendsBySignal.get(signalStreamId(first))?.[0]).toEqual(['SignalValidationStarted']);
    expect(appendsBySignal.get(signalStreamId(second))?.slice(0, 2)).toEqual([
      ['SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted'],
      ['SignalExecuted'],
    ]);
  });
});
