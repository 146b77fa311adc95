import { APPROVAL_EXPIRED, signalStreamId, type SignalEvent } from '@hyperhook/domain';
import { cloidForSignal } from '@hyperhook/hyperliquid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitedText } from './approvalExpiryKeeper.js';
import type { ExecutorLogEntry } from './executorLog.js';
import { ownsUser } from './partition.js';
import { answerApproval, setStrategyGuards, untilHeld } from './testing/approvals.js';
import { createExecutorFixture, type ExecutorFixture } from './testing/executorFixture.js';
import { interceptAppends } from './testing/interceptAppends.js';
import { addLiveStrategies, outcomeOf } from './testing/liveStrategies.js';

let fx: ExecutorFixture;
/** The executors' clock: moved by the test, never the wall clock's. */
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
// Fills are read from the venue after a minute: nothing here waits on them.
const onTestClock = { clock: () => now, fillBatchDelayMs: 60_000 };
const signalEvents = async (signalId: string) => (await fx.events(signalStreamId(signalId))) as SignalEvent[];
const exchangeOrders = () => fx.sim.stats().requestsByType['exchange order'] ?? 0;

async function manualUser(uid: string): Promise<string> {
  const user = await fx.addUser(uid, { usdc: 50_000 });
  await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Manual' });
  await setStrategyGuards(fx, user.uid, LIVE.strategyId, { approval: 'manual', approvalTimeoutSeconds: 60 });
  return user.uid;
}

describe('approval expiry keeper (issue 42)', () => {
  it('given a held entry, when the trader approves it between the keeper reading it expired and appending the expiry, then the expiry is a no-op, not an error, and the approval trades it once', async () => {
    const uid = await manualUser('u-race');
    let signalId = '';
    let raced = false;
    // The api's answer lands just before the keeper's append, as another process would.
    const eventStore = interceptAppends(fx.store.eventStore, async (streamId, events) => {
      if (raced || streamId !== signalStreamId(signalId) || !events.some((e) => e.type === 'SignalRejected')) return;
      raced = true;
      await answerApproval(fx.store.eventStore, uid, signalId, { type: 'ApproveSignal', at: iso(), via: 'push' });
    });
    const executor = await fx.start({ ...onTestClock, store: { eventStore, checkpoints: fx.store.checkpoints } });
    signalId = await fx.receive(uid, { coin: 'ETH', action: 'buy', quantity: 0.1 }, iso(), LIVE);
    const held = await untilHeld(fx, signalId);

    now = Date.parse(held.data.expiresAt);
    await executor.checkApprovals();
    const events = await fx.terminal(signalId);

    expect(raced).toBe(true);
    expect(outcomeOf(events)).toMatchObject({ type: 'SignalExecuted' });
    expect(events.filter((e) => e.type === 'SignalRejected')).toEqual([]);
    expect(fx.logs.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(fx.logs.some((entry) => entry.msg === 'held entry changed as it expired; read again' && entry.signalId === signalId)).toBe(true);
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(signalId)]).toBe(1);
  });

  it('given a held entry and the executor down past its timeout, when a new one starts, then its keeper finds the hold on the log and refuses it as expired', async () => {
    const uid = await manualUser('u-down');
    const first = await fx.start(onTestClock);
    const signalId = await fx.receive(uid, { coin: 'ETH', action: 'buy', quantity: 0.1 }, iso(), LIVE);
    await untilHeld(fx, signalId);
    await first.stop();

    now += 10 * 60_000;
    const second = await fx.start(onTestClock);
    await second.checkApprovals();

    expect((await signalEvents(signalId)).at(-1)).toMatchObject({
      type: 'SignalRejected',
      data: { code: APPROVAL_EXPIRED, reason: 'Not approved within 1 min: the entry was not sent.' },
    });
    expect(exchangeOrders()).toBe(0);
  });

  it("given two executors splitting the users, when a user's entry is held and approved (its answer without an owner in the metadata), then only the owner's executor trades it; another held entry expires only by the owner's keeper", async () => {
    const uid = await manualUser('u-split');
    const mine = [0, 1].find((index) => ownsUser(uid, { index, count: 2 })) ?? 0;
    const owner = await fx.start({ ...onTestClock, partition: { index: mine, count: 2 } });
    const otherLogs: ExecutorLogEntry[] = [];
    const other = await fx.start({ ...onTestClock, partition: { index: 1 - mine, count: 2 }, log: (entry) => otherLogs.push(entry) });
    const approved = await fx.receive(uid, { coin: 'ETH', action: 'buy', quantity: 0.1 }, iso(), LIVE);
    const expiring = await fx.receive(uid, { coin: 'BTC', action: 'buy', quantity: 0.001 }, iso(), LIVE);
    await untilHeld(fx, approved);
    const held = await untilHeld(fx, expiring);

    await answerApproval(fx.store.eventStore, uid, approved, { type: 'ApproveSignal', at: iso(), via: 'app' }, { owner: false });
    expect(outcomeOf(await fx.terminal(approved))).toMatchObject({ type: 'SignalExecuted' });
    expect(fx.sim.stats().ordersByCloid[cloidForSignal(approved)]).toBe(1);

    now = Date.parse(held.data.expiresAt);
    await other.checkApprovals();
    expect((await signalEvents(expiring)).at(-1)?.type).toBe('SignalHeldForApproval');
    await owner.checkApprovals();
    expect((await signalEvents(expiring)).at(-1)).toMatchObject({ type: 'SignalRejected', data: { code: APPROVAL_EXPIRED } });
    expect(exchangeOrders()).toBe(1);
    expect(otherLogs.filter((entry) => entry.signalId !== undefined)).toEqual([]);
  });

  it('given how long an entry waited, when the refusal says it, then in hours, minutes and seconds as they come', () => {
    expect(waitedText(30_000)).toBe('30 s');
    expect(waitedText(300_000)).toBe('5 min');
    expect(waitedText(90_000)).toBe('1 min 30 s');
    expect(waitedText(5_400_000)).toBe('1 h 30 min');
    expect(waitedText(86_400_000)).toBe('24 h');
  });
});
