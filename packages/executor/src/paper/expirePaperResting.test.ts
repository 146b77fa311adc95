import { paperStreamId, userStreamId, type DomainEvent, type PaperEvent, type ParsedAlert } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { STRATEGY_TEST_SETTINGS } from '../testing/liveStrategies.js';

const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
const MINUTE = 60_000;
type Snapshot = Extract<PaperEvent, { type: 'PaperAccountSnapshotTaken' }>['data'];

/** The executor's clock runs with the wall clock, plus what a test skips ahead. */
let skipped = 0;
const clock = () => Date.now() + skipped;
const now = () => new Date(clock()).toISOString();

describe('executor: cancelAfterMinutes on a paper strategy (issue 41 §3)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    skipped = 0;
    fx = await createExecutorFixture({ mainnet: 'simulator', clock });
  });
  afterEach(async () => {
    await fx.close();
  });

  async function paperUser(uid: string): Promise<string> {
    const user = await fx.addUser(uid, { keys: false });
    const created: DomainEvent = {
      type: 'StrategyCreated',
      v: 1,
      data: { strategyId: PAPER.strategyId, name: 'Paper expiry', venue: 'paper', paperBalance: 50_000, settings: STRATEGY_TEST_SETTINGS, at: now() },
    };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(created)]);
    return user.uid;
  }
  const trade = async (uid: string, alert: Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>) => {
    const id = await fx.receive(uid, alert, now(), PAPER);
    return { id, events: await fx.terminal(id) };
  };
  const paperEvents = async (uid: string) => (await fx.events(paperStreamId(uid))) as PaperEvent[];
  const lastSnapshot = async (uid: string): Promise<Snapshot | undefined> => {
    const found = (await paperEvents(uid)).findLast((e) => e.type === 'PaperAccountSnapshotTaken');
    return found?.type === 'PaperAccountSnapshotTaken' ? found.data : undefined;
  };

  it('issue 41 §3: given a paper GTC limit with cancelAfterMinutes 30, when the keeper checks at 29 min, then it still rests; when the executor restarts and checks at 30 min, then it is cancelled in live’s words, with the account in one append', async () => {
    const uid = await paperUser('u-paper-expiry');
    let executor = await fx.start();

    // Given: a limit below the market, resting with its deadline on the order in the log.
    const limit = await trade(uid, {
      coin: 'ETH',
      action: 'buy',
      orderType: 'limit',
      price: 3_000,
      size: 300,
      leverage: 2,
      stopLoss: 2_800,
      cancelAfterMinutes: 30,
    });
    expect(limit.events.at(-1)).toMatchObject({ type: 'SignalExecuted', data: { status: 'resting', venue: 'paper' } });
    const rested = (await lastSnapshot(uid))?.orders?.find((o) => o.tif === 'Gtc');
    expect(rested?.signalId).toBe(limit.id);
    // The deadline is on the order (the checks at 29 and 30 minutes below prove where it lies).
    expect(rested?.cancelAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // When: 29 minutes pass. Then: untouched.
    skipped = 29 * MINUTE;
    const before = (await paperEvents(uid)).length;
    await executor.checkPaper();
    expect((await paperEvents(uid)).length).toBe(before);
    expect((await lastSnapshot(uid))?.orders?.map((o) => o.oid)).toContain(rested?.oid);

    // When: the executor restarts, and the keeper checks at 30 minutes.
    await executor.stop();
    executor = await fx.start();
    skipped = 30 * MINUTE + 1_000;
    await executor.checkPaper();

    // Then: the entry (and its waiting stop) is cancelled, recorded in live's words with the account it left.
    const added = (await paperEvents(uid)).slice(before);
    expect(added.map((e) => e.type)).toEqual(['PaperRestingOrdersExpired', 'PaperAccountSnapshotTaken']);
    expect(added[0]).toMatchObject({
      type: 'PaperRestingOrdersExpired',
      data: { signalId: limit.id, strategyId: PAPER.strategyId, coin: 'ETH', cancelled: [rested?.cloid], gone: [] },
    });
    expect(added[0]?.type === 'PaperRestingOrdersExpired' ? added[0].data.afterMinutes : 0).toBeCloseTo(30, 2);
    expect((await lastSnapshot(uid))?.orders ?? []).toEqual([]);

    // And: a later check finds nothing more to do.
    const after = (await paperEvents(uid)).length;
    await executor.checkPaper();
    expect((await paperEvents(uid)).length).toBe(after);
  });

  it('issue 41 §3: given a paper ladder of 3 with cancelAfterMinutes 30 whose first order filled, when the keeper checks at 30 min, then the two left are cancelled as one expiry and the position that filled is kept', async () => {
    const uid = await paperUser('u-paper-ladder-expiry');
    const executor = await fx.start();
    const ladder = await trade(uid, {
      coin: 'ETH',
      action: 'buy',
      size: 1_500,
      leverage: 2,
      ladder: { from: 3_400, to: 3_300, orders: 3 },
      cancelAfterMinutes: 30,
    });
    const rested = (await lastSnapshot(uid))?.orders ?? [];
    expect(rested.map((o) => o.signalId)).toEqual([ladder.id, ladder.id, ladder.id]);

    // Given: the mid moves through the first order only.
    fx.sim.setMarkPrice('ETH', 3_390);
    await expect.poll(async () => (await fx.client.getMids(false)).ETH, { timeout: 5_000 }).toBe(3_390);
    await executor.checkPaper();
    const filled = await lastSnapshot(uid);
    expect(filled?.orders?.map((o) => o.limitPx)).toEqual(['3350', '3300']);

    // When: 30 minutes have passed.
    skipped = 30 * MINUTE + 1_000;
    const before = (await paperEvents(uid)).length;
    await executor.checkPaper();

    // Then: one expiry for the alert, naming the two cancelled; the filled part stays (an hour's funding may be due too).
    const added = (await paperEvents(uid)).slice(before).filter((e) => e.type !== 'PaperFundingPaid');
    expect(added.map((e) => e.type)).toEqual(['PaperRestingOrdersExpired', 'PaperAccountSnapshotTaken']);
    expect(added[0]).toMatchObject({ data: { signalId: ladder.id, cancelled: [rested[1]?.cloid, rested[2]?.cloid], gone: [] } });
    const after = await lastSnapshot(uid);
    expect(after?.orders ?? []).toEqual([]);
    expect(after?.positions.map((p) => [p.coin, p.szi])).toEqual(filled?.positions.map((p) => [p.coin, p.szi]));
  });
});
