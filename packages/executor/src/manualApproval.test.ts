import { APPROVAL_EXPIRED, APPROVAL_REJECTED, signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import type { EventStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerApproval, setStrategyGuards, untilHeld } from './testing/approvals.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { addLiveStrategies, heldOnSim, outcomeOf } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
/** The executor's clock: moved by the test, never the wall clock's. */
let now = Date.now();
beforeEach(async () => {
  now = Date.now();
  fx = await createExecutorFixture();
});
afterEach(async () => {
  await fx.close();
});

const iso = (ms = now) => new Date(ms).toISOString();
const LIVE = { strategyId: 'st_manual' };
type Alert = Parameters<ExecutorFixture['receive']>[1];

/** A user with a live strategy whose entries wait for approval (and whatever other guards are given), and an executor on the test's clock. */
async function manualStrategy(uid: string, guards: Parameters<typeof setStrategyGuards>[3] = {}) {
  const user = await fx.addUser(uid, { usdc: 50_000 });
  await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Manual' });
  await setStrategyGuards(fx, user.uid, LIVE.strategyId, { approval: 'manual', ...guards });
  // Fills are read from the venue after a minute: the strategy's ledger counts each entry from its answer meanwhile.
  const executor = await fx.start({ clock: () => now, fillBatchDelayMs: 60_000 });
  return { user, executor };
}

const receive = (uid: string, alert: Alert) => fx.receive(uid, alert, iso(), LIVE);
const approve = (uid: string, signalId: string) => answerApproval(fx.store.eventStore, uid, signalId, { type: 'ApproveSignal', at: iso(), via: 'app' });
const signalEvents = async (signalId: string) => (await fx.events(signalStreamId(signalId))) as SignalEvent[];
const exchangeOrders = () => fx.sim.stats().requestsByType['exchange order'] ?? 0;

/** Moves the simulator's mark and waits until the mids the executor plans on show it. */
async function moveMid(coin: string, factor: number): Promise<number> {
  const mid = (await fx.client.getMids(true))[coin] ?? 0;
  const moved = Math.round(mid * factor);
  fx.sim.setMarkPrice(coin, moved);
  await expect.poll(async () => (await fx.client.getMids(true))[coin] ?? mid, { timeout: 10_000 }).toBeGreaterThan(mid * (1 + (factor - 1) / 2));
  return (await fx.client.getMids(true))[coin] ?? moved;
}

describe('executor: manual approval of entries (issue 42)', () => {
  it('given a manual-approval strategy, when an entry is held and the trader approves it 2 min later after a 10 % move, then it is planned again and traded at the new price, its age counted from the approval', async () => {
    const { user } = await manualStrategy('u-approve', { maxAlertAgeSeconds: 30 });
    const mid = (await fx.client.getMids(true)).ETH ?? 0;

    const signalId = await receive(user.uid, { coin: 'ETH', action: 'buy', size: 500, sentAt: iso(), sentAtField: 'timenow' });
    const held = await untilHeld(fx, signalId);

    expect(held.data).toMatchObject({ at: iso(), expiresAt: iso(now + 300_000), coin: 'ETH', side: 'buy' });
    expect(Number(held.data.price)).toBeCloseTo(mid, 6);
    expect(exchangeOrders()).toBe(0);

    // when: the market moves 10 % up, and the trader answers two minutes later (past the 30 s age guard and the 60 s stale check)
    const newMid = await moveMid('ETH', 1.1);
    now += 120_000;
    await approve(user.uid, signalId);
    const events = await fx.terminal(signalId);

    // then: planned on the mid of the approval, not the hold's; one order, filled near the new mid
    expect(outcomeOf(events)).toMatchObject({ type: 'SignalExecuted', data: { status: 'filled' } });
    const planned = events.find((e) => e.type === 'OrderPlanned');
    const plan = planned?.type === 'OrderPlanned' ? planned.data.plan : undefined;
    expect(Number(plan?.referencePrice)).toBeCloseTo(newMid, 6);
    expect(Number(plan?.size)).toBeCloseTo((Number(held.data.size) * mid) / newMid, 3);
    expect(Number(plan?.price)).toBeGreaterThan(newMid);
    const executed = outcomeOf(events);
    expect(Number(executed?.type === 'SignalExecuted' ? executed.data.avgPx : 0)).toBeGreaterThan(mid * 1.05);
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
    expect(events.map((e) => e.type)).toEqual([
      'SignalReceived',
      'SignalValidationStarted',
      'SignalHeldForApproval',
      'SignalApproved',
      'OrderPlanned',
      'OrderSubmitted',
      'SignalExecuted',
    ]);
  });

  it('given a held entry, when the trader rejects it, then the signal ends refused and nothing reaches the venue', async () => {
    const { user, executor } = await manualStrategy('u-reject');
    const signalId = await receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    await untilHeld(fx, signalId);

    await answerApproval(fx.store.eventStore, user.uid, signalId, {
      type: 'RejectSignal',
      at: iso(),
      code: APPROVAL_REJECTED,
      reason: 'You rejected this entry.',
    });
    const events = await fx.terminal(signalId);
    await executor.idle();

    expect(outcomeOf(events)).toMatchObject({ type: 'SignalRejected', data: { code: APPROVAL_REJECTED } });
    expect(await signalEvents(signalId)).toHaveLength(events.length);
    expect(exchangeOrders()).toBe(0);
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBe(0);
  });

  it('given a 60 s approval timeout, when the keeper looks 1 ms before it nothing happens; exactly at it, the entry is refused as expired, a late approval is refused, and nothing is sent', async () => {
    const { user, executor } = await manualStrategy('u-expire', { approvalTimeoutSeconds: 60 });
    const signalId = await receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    const held = await untilHeld(fx, signalId);
    expect(Date.parse(held.data.expiresAt) - now).toBe(60_000);

    now = Date.parse(held.data.expiresAt) - 1;
    await executor.checkApprovals();
    expect((await signalEvents(signalId)).at(-1)?.type).toBe('SignalHeldForApproval');

    now += 1;
    await executor.checkApprovals();
    const events = await signalEvents(signalId);
    expect(events.at(-1)).toMatchObject({
      type: 'SignalRejected',
      data: { code: APPROVAL_EXPIRED, reason: 'Not approved within 1 min: the entry was not sent.', at: iso() },
    });
    await expect(approve(user.uid, signalId)).rejects.toMatchObject({ code: 'APPROVAL_ALREADY_ANSWERED', message: 'This alert was already expired.' });

    await executor.checkApprovals();
    await executor.idle();
    expect(await signalEvents(signalId)).toHaveLength(events.length);
    expect(exchangeOrders()).toBe(0);
  });

  it('given a manual-approval long, when a sell reduces it and a close exits it, then neither waits; a sell that would flip it is an entry and waits', async () => {
    const { user } = await manualStrategy('u-exits');
    const entry = await receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    await untilHeld(fx, entry);
    await approve(user.uid, entry);
    expect(outcomeOf(await fx.terminal(entry))).toMatchObject({ type: 'SignalExecuted' });

    const reduce = await fx.terminal(await receive(user.uid, { coin: 'ETH', action: 'sell', quantity: 0.04 }));
    expect(outcomeOf(reduce)).toMatchObject({ type: 'SignalExecuted' });
    expect(reduce.some((e) => e.type === 'SignalHeldForApproval')).toBe(false);
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBeCloseTo(0.06, 8);

    const flip = await receive(user.uid, { coin: 'ETH', action: 'sell', quantity: 0.2 });
    expect((await untilHeld(fx, flip)).data).toMatchObject({ side: 'sell', size: '0.2' });
    await answerApproval(fx.store.eventStore, user.uid, flip, { type: 'RejectSignal', at: iso(), code: APPROVAL_REJECTED, reason: 'You rejected this entry.' });

    const close = await fx.terminal(await receive(user.uid, { coin: 'ETH', action: 'close' }));
    expect(outcomeOf(close)).toMatchObject({ type: 'SignalExecuted' });
    expect(close.some((e) => e.type === 'SignalHeldForApproval')).toBe(false);
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBe(0);
  });

  it('given an entry awaiting approval, when the executor restarts and reads its SignalReceived again, then it does nothing; the approval then trades it once', async () => {
    const { user, executor } = await manualStrategy('u-restart');
    const signalId = await receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    await untilHeld(fx, signalId);
    await executor.stop();
    const before = await signalEvents(signalId);
    // From the log's start: the held signal's SignalReceived is delivered again.
    await fx.store.checkpoints.set('executor', 0);
    const logged = fx.logs.length;
    const reads: string[] = [];
    const restarted = await fx.start({
      clock: () => now,
      fillBatchDelayMs: 60_000,
      store: { eventStore: watchReads(fx.store.eventStore, reads), checkpoints: fx.store.checkpoints },
    });
    await restarted.caughtUp;

    expect(reads).toContain(signalStreamId(signalId));
    expect(await signalEvents(signalId)).toEqual(before);
    expect(fx.logs.slice(logged).filter((entry) => entry.signalId === signalId)).toEqual([]);
    expect(exchangeOrders()).toBe(0);

    await approve(user.uid, signalId);
    expect(outcomeOf(await fx.terminal(signalId))).toMatchObject({ type: 'SignalExecuted' });
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it('given two held entries and a 15 min cooldown, when the second is approved and traded first, then the first, approved after, is refused by the cooldown', async () => {
    const { user } = await manualStrategy('u-cooldown', { cooldownMinutes: 15 });
    const first = await receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    const second = await receive(user.uid, { coin: 'ETH', action: 'buy', quantity: 0.1 });
    await untilHeld(fx, first);
    await untilHeld(fx, second);

    now += 30_000;
    await approve(user.uid, second);
    expect(outcomeOf(await fx.terminal(second))).toMatchObject({ type: 'SignalExecuted' });
    now += 30_000;
    await approve(user.uid, first);
    const refused = outcomeOf(await fx.terminal(first));

    expect(refused).toMatchObject({ type: 'SignalRejected', data: { code: 'GUARD_COOLDOWN' } });
    expect(refused?.type === 'SignalRejected' && refused.data.reason).toMatch(
      /^An entry in ETH 30 s ago; this strategy waits 15 min between entries in a coin/,
    );
    expect(exchangeOrders()).toBe(1);
    expect(await heldOnSim(fx, user.accountAddress, 'ETH')).toBeCloseTo(0.1, 8);
  });
});

/** The store with the id of every stream read through it noted in `reads`. */
function watchReads(eventStore: EventStore, reads: string[]): EventStore {
  return new Proxy(eventStore, {
    get(target, property) {
      if (property === 'readStream')
        return (streamId: string, ...rest: unknown[]) => {
          reads.push(streamId);
          return (target.readStream as (...args: unknown[]) => unknown)(streamId, ...rest);
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
