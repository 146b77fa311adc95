import { APPROVAL_EXPIRED, DEFAULT_SETTINGS, paperStreamId, signalStreamId, userStreamId, type DomainEvent, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerApproval, setStrategyGuards, untilHeld } from '../testing/approvals.js';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { outcomeOf } from '../testing/liveStrategies.js';

let fx: ExecutorFixture;
/** The executor's clock: moved by the test, never the wall clock's. */
let now = Date.now();
beforeEach(async () => {
  now = Date.now();
  fx = await createExecutorFixture({ mainnet: 'simulator' });
});
afterEach(async () => {
  await fx.close();
});

const iso = (ms = now) => new Date(ms).toISOString();
const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
/** Paper strategies trade at the real venue's mainnet mids, here the simulator's. */
const mainnetMid = async (coin: string) => (await fx.client.getMids(false))[coin] ?? 0;
const paperFills = async (uid: string) => (await fx.events(paperStreamId(uid))).filter((e) => e.type === 'PaperFillRecorded');

async function addPaperStrategy(uid: string): Promise<void> {
  const created: DomainEvent = {
    type: 'StrategyCreated',
    v: 1,
    data: { strategyId: PAPER.strategyId, name: 'Paper', venue: 'paper', paperBalance: 10_000, settings: structuredClone(DEFAULT_SETTINGS), at: iso() },
  };
  await fx.store.eventStore.append(userStreamId(uid), [toNewEvent(created)]);
}

describe('executor: manual approval of a paper strategy (issue 42)', () => {
  it('given a paper strategy with manual approval, when an entry is held and approved 90 s later after a 10 % move, then it fills on paper at the new price; another held entry expires at its timeout and books nothing', async () => {
    const user = await fx.addUser('u-paper-approval', { keys: false });
    await addPaperStrategy(user.uid);
    await setStrategyGuards(fx, user.uid, PAPER.strategyId, { approval: 'manual', approvalTimeoutSeconds: 120 });
    const executor = await fx.start({ clock: () => now });
    const mid = await mainnetMid('ETH');

    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 500 }, iso(), PAPER);
    const held = await untilHeld(fx, signalId);
    expect(held.data).toMatchObject({ coin: 'ETH', side: 'buy', expiresAt: iso(now + 120_000) });
    expect(Number(held.data.price)).toBeCloseTo(mid, 6);
    expect(await paperFills(user.uid)).toEqual([]);

    // when: the market moves 10 % up and the trader approves 90 s later (past the 60 s stale check, counted from receipt)
    fx.sim.setMarkPrice('ETH', Math.round(mid * 1.1));
    await expect.poll(() => mainnetMid('ETH'), { timeout: 10_000 }).toBeGreaterThan(mid * 1.05);
    const newMid = await mainnetMid('ETH');
    now += 90_000;
    await answerApproval(fx.store.eventStore, user.uid, signalId, { type: 'ApproveSignal', at: iso(), via: 'push' });
    const events = await fx.terminal(signalId);

    expect(outcomeOf(events)).toMatchObject({ type: 'SignalExecuted', data: { status: 'filled', venue: 'paper' } });
    const planned = events.find((e) => e.type === 'OrderPlanned');
    expect(Number(planned?.type === 'OrderPlanned' ? planned.data.plan.referencePrice : 0)).toBeCloseTo(newMid, 6);
    const fills = await paperFills(user.uid);
    expect(fills).toHaveLength(1);
    expect(Number(fills[0]?.type === 'PaperFillRecorded' ? fills[0].data.px : 0)).toBeGreaterThan(mid * 1.05);

    // and: a second entry held, and left unanswered until its timeout
    const expiring = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 500 }, iso(), PAPER);
    const second = await untilHeld(fx, expiring);
    now = Date.parse(second.data.expiresAt);
    await executor.checkApprovals();

    expect(((await fx.events(signalStreamId(expiring))) as SignalEvent[]).at(-1)).toMatchObject({
      type: 'SignalRejected',
      data: { code: APPROVAL_EXPIRED, reason: 'Not approved within 2 min: the entry was not sent.' },
    });
    expect(await paperFills(user.uid)).toHaveLength(1);
    expect(fx.sim.stats().requestsByType['exchange order'] ?? 0).toBe(0);
  });
});
