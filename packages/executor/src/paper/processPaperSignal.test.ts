import { accountStreamId, DEFAULT_SETTINGS, paperStreamId, userStreamId, type DomainEvent, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';

const typesOf = (events: readonly { type: string }[]) => events.map((e) => e.type);
const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
const now = () => new Date().toISOString();

describe('executor: paper strategies (issue 30, point 1)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture({ mainnet: 'simulator' });
  });
  afterEach(async () => {
    await fx.close();
  });

  /** Adds a paper strategy to a user's stream, as the api's strategiesDecider writes it. */
  async function addPaperStrategy(uid: string, paperBalance = 10_000, settings = structuredClone(DEFAULT_SETTINGS)): Promise<void> {
    const created: DomainEvent = {
      type: 'StrategyCreated',
      v: 1,
      data: { strategyId: PAPER.strategyId, name: 'Paper BTC', venue: 'paper', paperBalance, settings, at: now() },
    };
    await fx.store.eventStore.append(userStreamId(uid), [toNewEvent(created)]);
  }

  const executed = (events: readonly SignalEvent[]) => {
    const found = events.find((e) => e.type === 'SignalExecuted');
    return found?.type === 'SignalExecuted' ? found.data : undefined;
  };

  it('given a user with no Hyperliquid account and a paper strategy, when a market buy arrives, then it fills on paper: the log has the whole life, the paper stream the fill and the account, and nothing reaches the exchange', async () => {
    const user = await fx.addUser('u-paper', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();
    const before = fx.sim.stats();

    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 500, leverage: 5 }, now(), PAPER);
    const events = await fx.terminal(signalId);

    expect(typesOf(events)).toEqual(['SignalReceived', 'SignalValidationStarted', 'OrderPlanned', 'OrderSubmitted', 'SignalExecuted']);
    expect(executed(events)).toMatchObject({ status: 'filled', venue: 'paper', totalSz: expect.any(String), avgPx: expect.any(String) });
    expect(executed(events)?.account).toBeUndefined();
    const paper = await fx.events(paperStreamId(user.uid));
    expect(typesOf(paper)).toEqual(['PaperFillRecorded', 'PaperAccountSnapshotTaken']);
    const [fill, snapshot] = paper;
    expect(fill?.type === 'PaperFillRecorded' && fill.data).toMatchObject({
      strategyId: 'st_paper',
      epoch: 0,
      signalId,
      coin: 'BTC',
      side: 'B',
      dir: 'Open Long',
    });
    expect(snapshot?.type === 'PaperAccountSnapshotTaken' && snapshot.data).toMatchObject({
      strategyId: 'st_paper',
      epoch: 0,
      positions: [{ coin: 'BTC', leverage: 5 }],
    });
    const equity = snapshot?.type === 'PaperAccountSnapshotTaken' ? Number(snapshot.data.balance.totalEquity) : 0;
    // 10,000 USDC less the taker fee of a $2,500 order (notional = size × leverage), within a spread's worth.
    expect(equity).toBeLessThan(10_000);
    expect(equity).toBeGreaterThan(9_990);
    // Market reads only: no order, no leverage call, no account read.
    const after = fx.sim.stats();
    expect(after.exchangeRequests).toBe(before.exchangeRequests);
    expect(Object.keys(after.requestsByType).filter((k) => k.startsWith('exchange') || k.includes('clearinghouseState') || k.includes('userFills'))).toEqual(
      [],
    );
    expect(await fx.events(accountStreamId(user.uid))).toEqual([]);
  });

  it('given an open paper position, when the close arrives in a new executor, then the account is restored from the log and the close books realised P&L at the moved price', async () => {
    const user = await fx.addUser('u-paper-close', { keys: false });
    await addPaperStrategy(user.uid);
    const first = await fx.start();
    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 300, leverage: 2 }, now(), PAPER));
    await first.stop();
    const opened = (await fx.client.getMids(false)).ETH ?? 0;
    fx.sim.setMarkPrice('ETH', opened * 1.05);
    // The shared market feed hears the move (the simulator's allMids socket, or the next REST read).
    await expect.poll(async () => (await fx.client.getMids(false)).ETH, { timeout: 5_000 }).toBeGreaterThan(opened * 1.04);

    await fx.start();
    const events = await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'close' }, now(), PAPER));

    expect(executed(events)).toMatchObject({ status: 'filled', venue: 'paper' });
    const paper = await fx.events(paperStreamId(user.uid));
    const closing = paper.filter((e) => e.type === 'PaperFillRecorded').at(-1);
    expect(closing?.type === 'PaperFillRecorded' && closing.data).toMatchObject({ side: 'A', dir: 'Close Long' });
    expect(closing?.type === 'PaperFillRecorded' ? Number(closing.data.closedPnl) : 0).toBeGreaterThan(0);
    const last = paper.at(-1);
    expect(last?.type === 'PaperAccountSnapshotTaken' && last.data.positions).toEqual([]);
    expect(last?.type === 'PaperAccountSnapshotTaken' ? Number(last.data.balance.totalEquity) : 0).toBeGreaterThan(10_000);
  });

  it("given a paper run that was reset, when an alert sizes by percent of the balance, then it sizes from the new balance and the old run's position is gone", async () => {
    const user = await fx.addUser('u-paper-reset', { keys: false });
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.positionSizing = { mode: 'percentage_balance', value: 10 };
    await addPaperStrategy(user.uid, 10_000, settings);
    await fx.start();
    await fx.terminal(await fx.receive(user.uid, { coin: 'BTC', action: 'buy', leverage: 1 }, now(), PAPER));
    const reset: DomainEvent = { type: 'PaperAccountReset', v: 1, data: { strategyId: 'st_paper', balance: 2_000, at: now() } };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(reset)]);

    const events = await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'buy', leverage: 1 }, now(), PAPER));

    const planned = events.find((e) => e.type === 'OrderPlanned');
    const plan = planned?.type === 'OrderPlanned' ? planned.data.plan : undefined;
    // 10% of 2,000 USDC at 1x: about $200 of ETH, not $1,000.
    expect(Number(plan?.size) * Number(plan?.price)).toBeGreaterThan(150);
    expect(Number(plan?.size) * Number(plan?.price)).toBeLessThan(250);
    const last = (await fx.events(paperStreamId(user.uid))).at(-1);
    expect(last?.type === 'PaperAccountSnapshotTaken' && last.data).toMatchObject({ epoch: 1, positions: [{ coin: 'ETH' }] });
  });

  it('given a paper strategy and a live one of the same user, then each trades its own account: the paper fill never reaches the exchange account, the live order never the paper one', async () => {
    const user = await fx.addUser('u-both', { usdc: 5_000 });
    await addPaperStrategy(user.uid, 50_000);
    const executor = await fx.start();

    const live = await fx.terminal(await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100, leverage: 2 }));
    const paper = await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'sell', size: 400, leverage: 3 }, now(), PAPER));
    await executor.idle();

    expect(executed(live)).toMatchObject({ status: 'filled' });
    expect(executed(live)?.venue).toBeUndefined();
    expect(executed(paper)).toMatchObject({ status: 'filled', venue: 'paper' });
    const real = await fx.client.getAccountSnapshot({ accountAddress: user.accountAddress, isTestnet: true });
    expect(real.positions.map((p) => p.coin)).toEqual(['BTC']);
    expect(real.balance.totalEquity).toBeLessThan(5_001);
    const paperLast = (await fx.events(paperStreamId(user.uid))).at(-1);
    expect(paperLast?.type === 'PaperAccountSnapshotTaken' && paperLast.data.positions.map((p) => [p.coin, Number(p.szi) < 0])).toEqual([['ETH', true]]);
    expect(paperLast?.type === 'PaperAccountSnapshotTaken' ? Number(paperLast.data.balance.totalEquity) : 0).toBeGreaterThan(49_900);
    const account = await fx.events(accountStreamId(user.uid));
    expect(account.filter((e) => e.type === 'FillRecorded').map((e) => (e.type === 'FillRecorded' ? e.data.coin : ''))).toEqual(['BTC']);
  });

  const lastSnapshot = async (uid: string) => {
    const found = (await fx.events(paperStreamId(uid))).findLast((e) => e.type === 'PaperAccountSnapshotTaken');
    return found?.type === 'PaperAccountSnapshotTaken' ? found.data : undefined;
  };

  it('issue 41, point 3: given a paper strategy, when a GTC limit buy below the mid arrives, then it rests on the paper account: executed as resting, no fill, and the snapshot lists the order for the alert', async () => {
    const user = await fx.addUser('u-paper-gtc', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();

    const signalId = await fx.receive(user.uid, { coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_400, size: 300, leverage: 2 }, now(), PAPER);
    const events = await fx.terminal(signalId);

    expect(executed(events)).toMatchObject({ status: 'resting', venue: 'paper', oid: expect.any(Number) });
    const paper = await fx.events(paperStreamId(user.uid));
    expect(typesOf(paper)).toEqual(['PaperAccountSnapshotTaken']);
    const snapshot = await lastSnapshot(user.uid);
    expect(snapshot?.positions).toEqual([]);
    expect(snapshot?.orders).toMatchObject([
      { oid: executed(events)?.oid, coin: 'ETH', side: 'B', limitPx: '3400', tif: 'Gtc', reduceOnly: false, leverage: 2, signalId },
    ]);
  });

  it("issue 41, point 3: given a paper strategy, when a post-only (ALO) limit that would cross arrives, then it fails in the venue's words; a passive one rests", async () => {
    const user = await fx.addUser('u-paper-alo', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();

    const crossing = await fx.terminal(
      await fx.receive(user.uid, { coin: 'ETH', action: 'buy', orderType: 'limit', timeInForce: 'ALO', price: 3_600, size: 300 }, now(), PAPER),
    );
    const passive = await fx.terminal(
      await fx.receive(user.uid, { coin: 'ETH', action: 'buy', orderType: 'limit', timeInForce: 'ALO', price: 3_400, size: 300 }, now(), PAPER),
    );

    expect(crossing.at(-1)).toMatchObject({
      type: 'SignalFailed',
      data: { code: 'EXCHANGE_REJECTED', reason: expect.stringContaining('Post only order would have immediately matched, bbo was') },
    });
    expect(executed(passive)).toMatchObject({ status: 'resting', venue: 'paper' });
    expect((await lastSnapshot(user.uid))?.orders).toMatchObject([{ tif: 'Alo', limitPx: '3400' }]);
  });

  it('issue 41, point 3: given a paper market entry with a stop-loss and a take-profit, then the position carries both as reduce-only triggers; when half of it is closed, then they are resized to what is left, and a close cancels them', async () => {
    const user = await fx.addUser('u-paper-protect', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();

    const entry = await fx.terminal(
      await fx.receive(user.uid, { coin: 'ETH', action: 'buy', size: 700, leverage: 2, stopLoss: 3_200, takeProfit: 3_900 }, now(), PAPER),
    );
    expect(executed(entry)).toMatchObject({
      status: 'filled',
      legs: [
        { role: 'stopLoss', status: 'waitingForTrigger' },
        { role: 'takeProfit', status: 'waitingForTrigger' },
      ],
    });
    const opened = await lastSnapshot(user.uid);
    const size = opened?.positions[0]?.szi ?? '';
    expect(opened?.orders?.map((o) => [o.trigger?.tpsl, o.trigger?.px, o.side, o.reduceOnly, o.sz])).toEqual([
      ['sl', '3200', 'A', true, size],
      ['tp', '3900', 'A', true, size],
    ]);

    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'close', percent: 50 }, now(), PAPER));
    const halved = await lastSnapshot(user.uid);
    const left = halved?.positions[0]?.szi;
    expect(Number(left)).toBeGreaterThan(0);
    expect(Number(left)).toBeLessThan(Number(size));
    expect(halved?.orders?.map((o) => [o.trigger?.tpsl, o.sz])).toEqual([
      ['sl', left],
      ['tp', left],
    ]);

    await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'close' }, now(), PAPER));
    const closed = await lastSnapshot(user.uid);
    expect(closed?.positions).toEqual([]);
    expect(closed?.orders).toBeUndefined();
  });

  it('issue 41 §3: given a paper strategy, when an entry with two take-profits and a trail arrives, then the position carries a stop for all of it where the trail starts and each take-profit for its own part, unlinked, and the snapshot keeps the exits', async () => {
    const user = await fx.addUser('u-paper-exits', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();

    const signalId = await fx.receive(
      user.uid,
      {
        coin: 'ETH',
        action: 'buy',
        quantity: 0.2,
        leverage: 2,
        takeProfits: [
          { price: 3_700, percent: 40 },
          { price: 3_600, percent: 60 },
        ],
        trailingStop: { percent: 2, activationPercent: 1 },
      },
      now(),
      PAPER,
    );
    const entry = await fx.terminal(signalId);

    expect(executed(entry)).toMatchObject({
      status: 'filled',
      legs: [
        { role: 'stopLoss', status: 'waitingForTrigger' },
        { role: 'takeProfit', status: 'waitingForTrigger' },
        { role: 'takeProfit', status: 'waitingForTrigger' },
      ],
    });
    const opened = await lastSnapshot(user.uid);
    const avgPx = Number(executed(entry)?.avgPx);
    const [exits] = opened?.exits ?? [];
    expect(opened?.orders?.map((o) => [o.trigger?.tpsl, o.sz, o.reduceOnly, o.wholePosition ?? false, o.siblingOids ?? [], o.signalId])).toEqual([
      ['sl', '0.2', true, false, [], signalId],
      ['tp', '0.12', true, false, [], signalId],
      ['tp', '0.08', true, false, [], signalId],
    ]);
    expect(opened?.orders?.map((o) => o.trigger?.px).slice(1)).toEqual(['3600', '3700']);
    expect(Number(opened?.orders?.[0]?.trigger?.px)).toBeCloseTo(avgPx * 0.98, 0);
    expect(exits).toMatchObject({
      coin: 'ETH',
      long: true,
      signalId,
      stopLoss: opened?.orders?.[0]?.trigger?.px,
      takeProfits: [
        { triggerPx: '3600', size: '0.12' },
        { triggerPx: '3700', size: '0.08' },
      ],
      trailingStop: { percent: '2', active: false },
    });
    expect(Number(exits?.trailingStop?.activationPx)).toBeCloseTo(avgPx * 1.01, 0);
  });

  it('issue 41 §3: given a paper long with take-profits and a trail, when an update alert names a stop and one take-profit, then those replace theirs, the trail is kept, and the log says so in live’s words; an update whose stop is above the price, or for a coin not held, is refused in live’s codes', async () => {
    const user = await fx.addUser('u-paper-update', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();
    await fx.terminal(
      await fx.receive(
        user.uid,
        {
          coin: 'ETH',
          action: 'buy',
          quantity: 0.2,
          leverage: 2,
          takeProfits: [
            { price: 3_600, percent: 50 },
            { price: 3_700, percent: 50 },
          ],
          trailingStop: { percent: 2 },
        },
        now(),
        PAPER,
      ),
    );

    const update = await fx.terminal(
      await fx.receive(user.uid, { coin: 'ETH', action: 'update', stopLoss: 3_450, takeProfits: [{ price: 3_800, percent: 100 }] }, now(), PAPER),
    );

    const replaced = update.at(-1);
    expect(replaced?.type).toBe('ProtectionReplaced');
    expect(replaced?.type === 'ProtectionReplaced' && replaced.data.reason).toBe(
      "Protection of this strategy's 0.2 ETH long updated: stop-loss 3450; take-profit 0.2 at 3800; trailing 2% behind the price.",
    );
    const after = await lastSnapshot(user.uid);
    expect(after?.orders?.map((o) => [o.trigger?.tpsl, o.trigger?.px, o.sz])).toEqual([
      ['sl', '3450', '0.2'],
      ['tp', '3800', '0.2'],
    ]);
    expect(after?.exits).toMatchObject([{ stopLoss: '3450', takeProfits: [{ triggerPx: '3800', size: '0.2' }], trailingStop: { percent: '2' } }]);

    const wrongSide = await fx.terminal(await fx.receive(user.uid, { coin: 'ETH', action: 'update', stopLoss: 3_900 }, now(), PAPER));
    expect(wrongSide.at(-1)).toMatchObject({ type: 'SignalRejected', data: { code: 'INVALID_STOP_LOSS' } });
    const notHeld = await fx.terminal(await fx.receive(user.uid, { coin: 'BTC', action: 'update', stopLoss: 90_000 }, now(), PAPER));
    expect(notHeld.at(-1)).toMatchObject({ type: 'SignalRejected', data: { code: 'NO_POSITION' } });
    expect((await lastSnapshot(user.uid))?.orders).toEqual(after?.orders);
  });

  it('issue 41, point 3: given a paper limit entry with a stop-loss, then the stop rides grouped with it, waiting for the entry to fill', async () => {
    const user = await fx.addUser('u-paper-grouped', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();

    const events = await fx.terminal(
      await fx.receive(user.uid, { coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_400, size: 300, leverage: 2, stopLoss: 3_200 }, now(), PAPER),
    );

    expect(executed(events)).toMatchObject({ status: 'resting', legs: [{ role: 'stopLoss', status: 'waitingForFill' }] });
    expect((await lastSnapshot(user.uid))?.orders).toMatchObject([{ tif: 'Gtc' }, { waitingForParent: true, trigger: { px: '3200', tpsl: 'sl' } }]);
  });

  it('given an alert received on paper whose strategy was promoted before it ran, then it is refused: it trades neither on paper nor live', async () => {
    const user = await fx.addUser('u-promoted');
    await addPaperStrategy(user.uid);
    const signalId = await fx.receive(user.uid, { coin: 'BTC', action: 'buy', size: 100 }, now(), PAPER);
    const promoted: DomainEvent = { type: 'StrategyPromoted', v: 1, data: { strategyId: 'st_paper', at: now() } };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(promoted)]);
    await fx.start();

    const events = await fx.terminal(signalId);

    expect(events.at(-1)).toMatchObject({ type: 'SignalRejected', data: { code: 'VENUE_CHANGED' } });
    expect(fx.sim.stats().exchangeRequests).toBe(0);
  });

  it('issue 41 §3: given a paper strategy, when a ladder with cancelAfterMinutes arrives, then it is taken as live takes it: each order rests with the deadline, nothing refused', async () => {
    const user = await fx.addUser('u-paper-ladder-deadline', { keys: false });
    await addPaperStrategy(user.uid);
    await fx.start();

    const signalId = await fx.receive(
      user.uid,
      { coin: 'BTC', action: 'buy', size: 900, ladder: { from: 80_000, to: 79_000, orders: 3 }, cancelAfterMinutes: 30 },
      now(),
      PAPER,
    );
    const events = await fx.terminal(signalId);

    expect(events.at(-1)).toMatchObject({ type: 'SignalExecuted', data: { status: 'resting', venue: 'paper' } });
    const snapshot = (await fx.events(paperStreamId(user.uid))).findLast((e) => e.type === 'PaperAccountSnapshotTaken');
    const orders = snapshot?.type === 'PaperAccountSnapshotTaken' ? (snapshot.data.orders ?? []) : [];
    expect(orders.map((o) => [o.limitPx, o.signalId, Date.parse(o.cancelAt ?? '') - Date.parse(o.placedAt)])).toEqual([
      ['80000', signalId, expect.closeTo(30 * 60_000, -3)],
      ['79500', signalId, expect.closeTo(30 * 60_000, -3)],
      ['79000', signalId, expect.closeTo(30 * 60_000, -3)],
    ]);
  });
});
