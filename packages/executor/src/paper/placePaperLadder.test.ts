import { paperStreamId, userStreamId, type DomainEvent, type PaperEvent, type ParsedAlert, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../startExecutor.js';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { outcomeOf, STRATEGY_TEST_SETTINGS } from '../testing/liveStrategies.js';

const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
const now = () => new Date().toISOString();
type Snapshot = Extract<PaperEvent, { type: 'PaperAccountSnapshotTaken' }>['data'];

describe('executor: a ladder on a paper strategy (issue 41 §3)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture({ mainnet: 'simulator' });
  });
  afterEach(async () => {
    await fx.close();
  });

  async function paperUser(uid: string): Promise<string> {
    const user = await fx.addUser(uid, { keys: false });
    const created: DomainEvent = {
      type: 'StrategyCreated',
      v: 1,
      data: { strategyId: PAPER.strategyId, name: 'Paper ladder', venue: 'paper', paperBalance: 50_000, settings: STRATEGY_TEST_SETTINGS, at: now() },
    };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(created)]);
    return user.uid;
  }
  const trade = async (uid: string, alert: Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>): Promise<{ id: string; events: SignalEvent[] }> => {
    const id = await fx.receive(uid, alert, now(), PAPER);
    return { id, events: await fx.terminal(id) };
  };
  const lastSnapshot = async (uid: string): Promise<Snapshot | undefined> => {
    const found = (await fx.events(paperStreamId(uid))).findLast((e) => e.type === 'PaperAccountSnapshotTaken');
    return found?.type === 'PaperAccountSnapshotTaken' ? found.data : undefined;
  };
  const markAt = async (executor: Executor, px: number): Promise<void> => {
    fx.sim.setMarkPrice('ETH', px);
    await expect.poll(async () => (await fx.client.getMids(false)).ETH, { timeout: 5_000 }).toBe(px);
    await executor.checkPaper();
  };

  it('issue 41 §3: given a paper ladder of 3 buys from 3400 to 3300, when the mid moves through 3400 and 3350, then those two fill as the alert’s, and a cancel cancels the one left in live’s words', async () => {
    const uid = await paperUser('u-paper-ladder');
    const executor = await fx.start();
    const paperBefore = (await fx.events(paperStreamId(uid))).length;

    // Given: the ladder, booked in one append.
    const ladder = await trade(uid, { coin: 'ETH', action: 'buy', size: 1_500, leverage: 2, ladder: { from: 3_400, to: 3_300, orders: 3 } });

    expect(ladder.events.at(-1)).toMatchObject({ type: 'SignalExecuted', data: { status: 'resting', venue: 'paper' } });
    expect((await fx.events(paperStreamId(uid))).slice(paperBefore).map((e) => e.type)).toEqual(['PaperAccountSnapshotTaken']);
    const rested = (await lastSnapshot(uid))?.orders ?? [];
    expect(rested.map((o) => [o.limitPx, o.tif, o.signalId, o.reduceOnly])).toEqual([
      ['3400', 'Gtc', ladder.id, false],
      ['3350', 'Gtc', ladder.id, false],
      ['3300', 'Gtc', ladder.id, false],
    ]);
    expect(new Set(rested.map((o) => o.cloid)).size).toBe(3);

    // When: the mid moves through the first two prices.
    await markAt(executor, 3_390);
    await markAt(executor, 3_340);

    // Then: two orders filled, each the alert's; the third rests.
    const fills = (await fx.events(paperStreamId(uid))).flatMap((e) => (e.type === 'PaperFillRecorded' ? [e.data] : []));
    expect(fills.map((f) => [Number(f.px), f.signalId])).toEqual([
      [3_400, ladder.id],
      [3_350, ladder.id],
    ]);
    const filled = await lastSnapshot(uid);
    expect(filled?.orders?.map((o) => o.limitPx)).toEqual(['3300']);
    expect(Number(filled?.positions.find((p) => p.coin === 'ETH')?.szi)).toBeCloseTo(Number(rested[0]?.sz) + Number(rested[1]?.sz), 8);

    // When: a cancel arrives. Then: what is left of the ladder is cancelled as a whole, the position stays.
    const cancel = await trade(uid, { coin: 'ETH', action: 'cancel' });
    expect(outcomeOf(cancel.events)).toMatchObject({
      type: 'RestingOrdersCancelled',
      data: {
        reason: 'Cancelled 1 resting ETH order of this strategy; its stop-loss and take-profit are kept.',
        cancelled: [{ signalId: ladder.id, oid: rested[2]?.oid }],
      },
    });
    const after = await lastSnapshot(uid);
    expect(after?.orders ?? []).toEqual([]);
    expect(after?.positions).toEqual(filled?.positions);
  });
});
