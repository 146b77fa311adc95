import { WrongExpectedVersionError } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNAL_RETRY_POLICY } from './retryPolicy.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { interceptAppends } from './testing/interceptAppends.js';

describe('executor: a signal whose writes keep conflicting is retried a bounded number of times (issue 29, point 7)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given every write to the signal conflicting, when the executor processes it, then it gives up at the conflict bound, logs it, and the checkpoint stays before the signal', async () => {
    // Without keys the signal is refused at once: its one write is the refusal, made to conflict every time.
    const user = await fx.addUser('u-conflicts', { keys: false });
    const waits: number[] = [];
    const conflicting = interceptAppends(fx.store.eventStore, (streamId) => {
      if (streamId.startsWith('signal-')) throw new WrongExpectedVersionError(streamId, 0, 1);
    });
    const executor = await fx.start({
      store: { eventStore: conflicting, checkpoints: fx.store.checkpoints },
      sleep: async (ms) => void waits.push(ms),
      checkpointIntervalMs: 10,
    });
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 50 });

    await expect
      .poll(() => fx.logs.find((entry) => entry.msg === 'signal processing keeps failing; left for the next run' && entry.signalId === signalId), {
        timeout: 10_000,
      })
      .toMatchObject({
        attempts: SIGNAL_RETRY_POLICY.maxConflictAttempts,
      });
    await executor.stop();

    expect(waits).toHaveLength(SIGNAL_RETRY_POLICY.maxConflictAttempts - 1);
    expect(fx.logs.filter((entry) => entry.msg === 'signal processing failed, retrying' && entry.signalId === signalId)).toHaveLength(
      SIGNAL_RETRY_POLICY.maxConflictAttempts - 1,
    );
    const [received] = await fx.store.eventStore.readStream(`signal-${signalId}`);
    expect(await fx.store.checkpoints.get('executor')).toBeLessThan(received?.globalPosition ?? 0);
    expect((await fx.events(`signal-${signalId}`)).map((e) => e.type)).toEqual(['SignalReceived']);
  });
});
