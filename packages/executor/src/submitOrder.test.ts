import { cloidForSignal } from '@hyperhook/hyperliquid';
import type { EventStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { interceptAppends } from './testing/interceptAppends.js';

/** The fixture's store with its appends of OrderSubmitted passed through `hold` first. */
const holdingSubmits = (eventStore: EventStore, hold: () => Promise<void>): EventStore =>
  interceptAppends(eventStore, async (_streamId, events) => {
    if (events.some((event) => event.type === 'OrderSubmitted')) await hold();
  });

const ordersAtTheVenue = (fx: ExecutorFixture) => fx.sim.stats().requestsByType['exchange order'] ?? 0;

describe('executor: the order is signed while OrderSubmitted is written, and sent only once it is durable (ARCHITECTURE §5 idempotency)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given the OrderSubmitted append is slow, when the order is ready, then nothing reaches the venue before the append is durable, and then exactly one order', async () => {
    const user = await fx.addUser('u-slow-append');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await fx.start({ store: { eventStore: holdingSubmits(fx.store.eventStore, () => ((held += 1), released)), checkpoints: fx.store.checkpoints } });
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });

    await expect.poll(() => held, { timeout: 5_000, interval: 5 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ordersAtTheVenue(fx)).toBe(0);
    release();

    const events = await fx.terminal(signalId);
    expect(events.map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted', 'SignalExecuted']);
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it('given the OrderSubmitted append fails, when the order was already signed, then it is never sent; the retry records and sends exactly one order', async () => {
    const user = await fx.addUser('u-failed-append');
    let attempts = 0;
    let ordersWhenRefused = -1;
    const hold = async () => {
      attempts += 1;
      if (attempts > 1) return;
      // Give the signing time to finish and reach the gate before the write fails.
      await new Promise((resolve) => setTimeout(resolve, 100));
      ordersWhenRefused = ordersAtTheVenue(fx);
      throw new Error('disk full');
    };
    await fx.start({ store: { eventStore: holdingSubmits(fx.store.eventStore, hold), checkpoints: fx.store.checkpoints } });
    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 100 });

    const events = await fx.terminal(signalId);
    expect(events.filter((e) => e.type === 'OrderSubmitted')).toHaveLength(1);
    expect(events.at(-1)?.type).toBe('SignalExecuted');
    expect(ordersWhenRefused).toBe(0);
    expect(ordersAtTheVenue(fx)).toBe(1);
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
    expect(fx.logs.some((l) => l.msg === 'signal processing failed, retrying' && l.error === 'disk full')).toBe(true);
  });
});
