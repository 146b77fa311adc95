import { accountStreamId, paperStreamId, userStreamId, type DomainEvent, type PaperEvent, type ParsedAlert, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../startExecutor.js';
import { createExecutorFixture, type ExecutorFixture, type TestUser } from '../testing/executorFixture.js';
import { addLiveStrategies, heldOnSim, outcomeOf, STRATEGY_TEST_SETTINGS } from '../testing/liveStrategies.js';

/**
 * Issue 41 §5: "Paper and live produce the same orders for the same alerts and price path."
 *
 * One trader has a live strategy (its orders go to the local simulator's testnet account) and a
 * paper strategy (the paper venue, on the same simulator's mids). Each alert goes to both; the
 * price path moves the simulator's mark, which the live venue acts on at once (fills resting
 * limits, fires triggers) and the paper keeper at its next check; the break-even move is each
 * side's keeper (checkProtection, checkPaper), driven by the test, never by the wall clock.
 *
 * What is compared after each step, read from where each side keeps it:
 * - the ETH orders live on the account: kind (limit, sl, tp), side, size, reduce-only, and the
 *   limit price of a limit or the trigger price of a trigger (live: the simulator's open orders;
 *   paper: the latest PaperAccountSnapshotTaken's orders). Worst-fill prices of triggers are not
 *   compared: live sets them from the trigger, paper from the alert's plan.
 * - the resulting ETH position size (live: the simulator's account; paper: the snapshot);
 * - each alert's outcome: its terminal event type, its status, and a cancel's reason, word for word;
 * - the break-even prices armed (live: ProtectionUpdated.breakEven; paper: the snapshot's breakEvens).
 * Fill prices and fees are not compared: the two books are separate, though built alike.
 */

type Alert = Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>;
/** An order as both sides are compared on: [kind, side, size, reduce-only, limit or trigger price]. */
type ComparedOrder = [kind: 'limit' | 'sl' | 'tp', side: 'B' | 'A', size: number, reduceOnly: boolean, px: number];
interface Book {
  readonly position: number;
  readonly orders: ComparedOrder[];
}

const LIVE = { strategyId: 'st_live' };
/** What the tests skip the executor's clock ahead by (the trail moves at most every 30 s): both sides read it. */
let skipped = 0;
const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
const now = () => new Date(Date.now() + skipped).toISOString();
const byKindAndPrice = (a: ComparedOrder, b: ComparedOrder) => a[0].localeCompare(b[0]) || a[4] - b[4];

let fx: ExecutorFixture;
let executor: Executor;
let user: TestUser;
beforeEach(async () => {
  skipped = 0;
  fx = await createExecutorFixture({ mainnet: 'simulator', clock: () => Date.now() + skipped });
  user = await fx.addUser('u-equivalence', { usdc: 50_000 });
  await addLiveStrategies(fx, user.uid, { [LIVE.strategyId]: 'Live twin' });
  const paper: DomainEvent = {
    type: 'StrategyCreated',
    v: 1,
    data: { strategyId: PAPER.strategyId, name: 'Paper twin', venue: 'paper', paperBalance: 50_000, settings: STRATEGY_TEST_SETTINGS, at: now() },
  };
  await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(paper)]);
  executor = await fx.start();
});
afterEach(async () => {
  await fx.close();
});

/** The live account's ETH orders and position, on the simulator. */
async function liveBook(): Promise<Book> {
  const open = await fx.client.getOpenOrders({ accountAddress: user.accountAddress, isTestnet: true });
  const orders = open
    .filter((o) => o.coin === 'ETH')
    .map((o): ComparedOrder => [o.isTrigger ? (o.tpsl ?? 'sl') : 'limit', o.side === 'buy' ? 'B' : 'A', o.size, o.reduceOnly, o.triggerPx ?? o.limitPx]);
  return { position: await heldOnSim(fx, user.accountAddress, 'ETH'), orders: orders.sort(byKindAndPrice) };
}

async function lastPaperSnapshot(): Promise<Extract<PaperEvent, { type: 'PaperAccountSnapshotTaken' }>['data'] | undefined> {
  const found = (await fx.events(paperStreamId(user.uid))).findLast((e) => e.type === 'PaperAccountSnapshotTaken');
  return found?.type === 'PaperAccountSnapshotTaken' ? found.data : undefined;
}

/** The paper account's ETH orders and position, from its latest snapshot. */
async function paperBook(): Promise<Book> {
  const snapshot = await lastPaperSnapshot();
  const orders = (snapshot?.orders ?? [])
    .filter((o) => o.coin === 'ETH' && o.waitingForParent !== true)
    .map((o): ComparedOrder => [o.trigger?.tpsl ?? 'limit', o.side, Number(o.sz), o.reduceOnly, Number(o.trigger?.px ?? o.limitPx)]);
  return { position: Number(snapshot?.positions.find((p) => p.coin === 'ETH')?.szi ?? 0), orders: orders.sort(byKindAndPrice) };
}

/** An alert's outcome as compared: its type, an execution's status, a cancel's reason. */
function outcomeSummary(events: readonly SignalEvent[]): string {
  const outcome = outcomeOf(events);
  if (outcome?.type === 'SignalExecuted') return `${outcome.type} ${outcome.data.status}`;
  if (outcome?.type === 'RestingOrdersCancelled') return `${outcome.type}: ${outcome.data.reason}`;
  return outcome === undefined ? 'none' : `${outcome.type}: ${JSON.stringify(outcome.data)}`;
}

/** Sends the alert to the live strategy, then to the paper one; answers both outcomes once each side has done all it does. */
async function both(alert: Alert): Promise<{ live: string; paper: string }> {
  const live = await fx.terminal(await fx.receive(user.uid, alert, now(), LIVE));
  await executor.idle();
  const paper = await fx.terminal(await fx.receive(user.uid, alert, now(), PAPER));
  await executor.idle();
  return { live: outcomeSummary(live), paper: outcomeSummary(paper) };
}

/** One step of the price path: the mark moves, both market feeds show it, then each side's keeper checks. */
async function markAt(px: number): Promise<void> {
  fx.sim.setMarkPrice('ETH', px);
  await expect.poll(async () => [(await fx.client.getMids(true)).ETH, (await fx.client.getMids(false)).ETH], { timeout: 5_000 }).toEqual([px, px]);
  await executor.checkProtection();
  await executor.checkPaper();
}

async function armedOnLive(): Promise<unknown> {
  const last = (await fx.events(accountStreamId(user.uid))).findLast((e) => e.type === 'ProtectionUpdated');
  return last?.type === 'ProtectionUpdated' ? last.data.breakEven : undefined;
}

describe('paper and live produce the same orders for the same alerts and price path (issue 41 §5)', () => {
  it('issue 41 §5: given a live and a paper strategy, when the same alerts and mark moves reach both (entry with stop, target and break-even, partial close, a GTC limit that rests, a cancel, the break-even move, a close), then their orders and positions agree at every step', async () => {
    // Given / when: an entry with a stop-loss, a take-profit and a break-even move.
    const entry = await both({
      coin: 'ETH',
      action: 'buy',
      quantity: 0.1,
      leverage: 5,
      stopLoss: 3_300,
      takeProfit: 3_900,
      breakEven: { activationPercent: 2, offsetPercent: 0.5 },
    });
    // Then
    expect(entry).toEqual({ live: 'SignalExecuted filled', paper: 'SignalExecuted filled' });
    expect(await paperBook()).toEqual(await liveBook());
    expect(await liveBook()).toEqual({
      position: 0.1,
      orders: [
        ['sl', 'A', 0.1, true, 3_300],
        ['tp', 'A', 0.1, true, 3_900],
      ],
    });
    const [paperArmed] = (await lastPaperSnapshot())?.breakEvens ?? [];
    expect({ activationPx: paperArmed?.activationPx, stopPx: paperArmed?.stopPx }).toEqual(await armedOnLive());

    // When: half of it is closed. Then: both stops and targets shrink to what is left.
    expect(await both({ coin: 'ETH', action: 'close', percent: 50 })).toEqual({ live: 'SignalExecuted filled', paper: 'SignalExecuted filled' });
    expect(await paperBook()).toEqual(await liveBook());
    expect(await liveBook()).toEqual({
      position: 0.05,
      orders: [
        ['sl', 'A', 0.05, true, 3_300],
        ['tp', 'A', 0.05, true, 3_900],
      ],
    });

    // When: a GTC limit buy below the mark. Then: it rests on both.
    expect(await both({ coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_300, quantity: 0.05, leverage: 5 })).toEqual({
      live: 'SignalExecuted resting',
      paper: 'SignalExecuted resting',
    });
    expect(await paperBook()).toEqual(await liveBook());
    expect((await liveBook()).orders).toContainEqual(['limit', 'B', 0.05, false, 3_300]);

    // When: a cancel comes. Then: the limit is cancelled on both, in the same words; stop and target stay.
    const cancel = await both({ coin: 'ETH', action: 'cancel' });
    expect(cancel.paper).toBe(cancel.live);
    expect(cancel.live).toBe('RestingOrdersCancelled: Cancelled 1 resting ETH order of this strategy; its stop-loss and take-profit are kept.');
    expect(await paperBook()).toEqual(await liveBook());
    expect((await liveBook()).orders.map(([kind]) => kind)).toEqual(['sl', 'tp']);

    // When: the mark stops short of the break-even activation, then reaches it.
    // Then: nothing moves below it; at it, both stops move to the same break-even price, once.
    const activation = Number(paperArmed?.activationPx);
    await markAt(Math.floor(activation * 0.998));
    expect(await paperBook()).toEqual(await liveBook());
    expect((await liveBook()).orders[0]).toEqual(['sl', 'A', 0.05, true, 3_300]);
    await markAt(Math.ceil(activation * 1.001));
    expect(await paperBook()).toEqual(await liveBook());
    expect(await liveBook()).toEqual({
      position: 0.05,
      orders: [
        ['sl', 'A', 0.05, true, Number(paperArmed?.stopPx)],
        ['tp', 'A', 0.05, true, 3_900],
      ],
    });
    expect(await armedOnLive()).toBeUndefined();
    expect((await lastPaperSnapshot())?.breakEvens).toBeUndefined();

    // When: the position is closed. Then: both are flat, with no order left.
    expect(await both({ coin: 'ETH', action: 'close' })).toEqual({ live: 'SignalExecuted filled', paper: 'SignalExecuted filled' });
    expect(await paperBook()).toEqual(await liveBook());
    expect(await liveBook()).toEqual({ position: 0, orders: [] });
  });

  it('issue 41 §5: given a live and a paper position with a stop and target, when a GTC limit rests and the mark comes down through it, then it fills on both for the same position, the stop and target cover it, and a close leaves both flat', async () => {
    // Given
    await both({ coin: 'ETH', action: 'buy', quantity: 0.05, leverage: 5, stopLoss: 3_300, takeProfit: 3_900 });
    expect(await both({ coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_450, quantity: 0.05, leverage: 5 })).toEqual({
      live: 'SignalExecuted resting',
      paper: 'SignalExecuted resting',
    });
    expect(await paperBook()).toEqual(await liveBook());

    // When
    await markAt(3_440);

    // Then: the limit filled on both, for the same position; stop and target at the same prices on the same side.
    const [live, paper] = [await liveBook(), await paperBook()];
    expect(paper.position).toBe(live.position);
    expect(live.position).toBeCloseTo(0.1, 8);
    const withoutSize = (book: Book) => book.orders.map(([kind, side, , reduceOnly, px]) => [kind, side, reduceOnly, px]);
    expect(withoutSize(paper)).toEqual(withoutSize(live));
    expect(withoutSize(live)).toEqual([
      ['sl', 'A', true, 3_300],
      ['tp', 'A', true, 3_900],
    ]);
    // Live counts the resting limit's fill once the mid has reached its price (keepProtection), so
    // its stop and target grow to the whole position as paper's do, and a close leaves both flat.
    expect(paper).toEqual(live);
    await both({ coin: 'ETH', action: 'close' });
    expect((await paperBook()).position).toBe(0);
    expect((await liveBook()).position).toBe(0);
  });

  it('issue 41 §5: given a live and a paper strategy, when the same entry with two take-profits and a 2% trail reaches both and the mark runs up, pays the nearer take-profit, runs on and falls back, then their orders and positions agree at every step: the same trail moves, the same take-profit fill, the same stop shrunk to what is left, the same close', async () => {
    // Compared after each step, as above: each side's ETH orders (kind, side, size, reduce-only,
    // trigger price) and ETH position. The trail's stops are counted from the mids both sides read
    // alike, so they are compared exactly; the first stop is counted from each side's own average
    // fill, which the two alike-built books give alike.
    // Given / when: the entry.
    const entry = await both({
      coin: 'ETH',
      action: 'buy',
      quantity: 0.2,
      leverage: 5,
      takeProfits: [
        { price: 3_600, percent: 50 },
        { price: 3_700, percent: 50 },
      ],
      trailingStop: { percent: 2 },
    });
    // Then: a stop for all of it where the trail starts, each take-profit for its half.
    expect(entry).toEqual({ live: 'SignalExecuted filled', paper: 'SignalExecuted filled' });
    expect(await paperBook()).toEqual(await liveBook());
    const opened = await liveBook();
    expect(opened.position).toBeCloseTo(0.2, 8);
    expect(opened.orders.map(([kind, side, size, reduceOnly]) => [kind, side, size, reduceOnly])).toEqual([
      ['sl', 'A', 0.2, true],
      ['tp', 'A', 0.1, true],
      ['tp', 'A', 0.1, true],
    ]);
    expect(opened.orders.slice(1).map(([, , , , px]) => px)).toEqual([3_600, 3_700]);

    // When: the mark runs to 3560. Then: both trails lift the stop to 2% behind it.
    await markAt(3_560);
    expect(await paperBook()).toEqual(await liveBook());
    const trailed = (await liveBook()).orders[0];
    expect(trailed?.[4]).toBeCloseTo(3_560 * 0.98, 0);

    // When: 10 s later the mark pays the nearer take-profit. Then: both close half; each stop stays
    // where it is (moved less than 30 s ago), shrunk to the half left; the farther take-profit stays.
    skipped += 10_000;
    await markAt(3_610);
    expect(await paperBook()).toEqual(await liveBook());
    expect(await liveBook()).toEqual({
      position: 0.1,
      orders: [
        ['sl', 'A', 0.1, true, trailed?.[4]],
        ['tp', 'A', 0.1, true, 3_700],
      ],
    });

    // When: 30 s later the mark is at 3620. Then: both stops move again, 2% behind it.
    skipped += 30_000;
    await markAt(3_620);
    expect(await paperBook()).toEqual(await liveBook());
    expect((await liveBook()).orders[0]?.[4]).toBeCloseTo(3_620 * 0.98, 0);

    // When: the mark falls through the stop. Then: both are flat, with no order left.
    skipped += 30_000;
    await markAt(3_500);
    expect(await paperBook()).toEqual(await liveBook());
    expect(await liveBook()).toEqual({ position: 0, orders: [] });
  });
});
