import type { SignalEvent } from '@hyperhook/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutorLogEntry } from './executorLog.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';

const nonceOf = (events: readonly SignalEvent[]) => {
  const submitted = events.find((e) => e.type === 'OrderSubmitted');
  return submitted?.type === 'OrderSubmitted' ? submitted.data.nonce : Number.NaN;
};

describe('executor: per-user ordering and partitions (ARCHITECTURE §7.2 scale-out)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture();
  });
  afterEach(async () => {
    await fx.close();
  });

  it('given five alerts of one user and a slow first order, when they run, then they execute in arrival order while another user is not held up', async () => {
    const a = await fx.addUser('u-order-a');
    const b = await fx.addUser('u-order-b');
    fx.sim.injectFault({ endpoint: 'exchange', kind: 'latency', ms: 400, actionType: 'order', count: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await fx.receive(a.uid, { coin: 'SOL', action: i % 2 === 0 ? 'buy' : 'sell', size: 20 + i }));
    const other = await fx.receive(b.uid, { coin: 'ETH', action: 'buy', size: 50 });
    await fx.start();

    const otherDone = await fx.terminal(other);
    const aFirstDoneWhenBFinished = (await fx.events(`signal-${ids[0]}`)).some((e) => e.type === 'SignalExecuted');
    const results = await Promise.all(ids.map((id) => fx.terminal(id)));

    expect(otherDone.at(-1)?.type).toBe('SignalExecuted');
    expect(aFirstDoneWhenBFinished).toBe(false); // B ran while A's first order was still in flight
    expect(results.map((r) => r.at(-1)?.type)).toEqual(Array(5).fill('SignalExecuted'));
    const nonces = results.map(nonceOf);
    expect([...nonces].sort((x, y) => x - y)).toEqual(nonces); // signed in arrival order
  });

  it('given two executors on partitions 0/2 and 1/2, when eight users send alerts, then every signal is executed by exactly one of them', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => fx.addUser(`u-part-${i}`)));
    const logs: [ExecutorLogEntry[], ExecutorLogEntry[]] = [[], []];
    await fx.start({ partition: { index: 0, count: 2 }, log: (e) => logs[0].push(e) });
    await fx.start({ partition: { index: 1, count: 2 }, log: (e) => logs[1].push(e) });
    const ids = await Promise.all(users.map((u) => fx.receive(u.uid, { coin: 'BTC', action: 'buy', size: 100 })));

    const results = await Promise.all(ids.map((id) => fx.terminal(id)));

    expect(results.map((r) => r.at(-1)?.type)).toEqual(Array(8).fill('SignalExecuted'));
    const handledBy = ids.map((id) => logs.map((l) => l.some((e) => e.msg === 'order submitted' && e.signalId === id)));
    for (const [zero, one] of handledBy) expect(zero !== one).toBe(true);
    expect(handledBy.some(([zero]) => zero)).toBe(true);
    expect(handledBy.some(([, one]) => one)).toBe(true);
  });

  it('given a stopped executor that finished its signals, when it restarts, then it resumes from its checkpoint without re-reading finished signals', async () => {
    const user = await fx.addUser('u-ckpt');
    const executor = await fx.start();
    const first = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    await fx.terminal(first);
    await executor.idle();
    await executor.stop();
    const saved = await fx.store.checkpoints.get('executor');

    const second = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 });
    const restarted = await fx.start();
    await restarted.caughtUp;
    await fx.terminal(second);

    expect(saved).toBeGreaterThan(0);
    expect(fx.logs.filter((l) => l.msg === 'order submitted' && l.signalId === first)).toHaveLength(1);
  });
});
