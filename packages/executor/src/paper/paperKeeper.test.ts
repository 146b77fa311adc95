import { DEFAULT_SETTINGS, paperStreamId, userStreamId, type DomainEvent, type PaperEvent, type ParsedAlert } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { createUserProfiles, FUNDING_INTERVAL_MS, fundingHourOf } from '@hyperhook/trading';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { startPaperKeeper, type PaperKeeper } from './paperKeeper.js';

const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
const now = () => new Date().toISOString();
const iso = (ms: number) => new Date(ms).toISOString();

type Funding = Extract<PaperEvent, { type: 'PaperFundingPaid' }>['data'];
type Snapshot = Extract<PaperEvent, { type: 'PaperAccountSnapshotTaken' }>['data'];
type Fill = Extract<PaperEvent, { type: 'PaperFillRecorded' }>['data'];
const fundingsOf = (events: readonly PaperEvent[]): Funding[] => events.flatMap((e) => (e.type === 'PaperFundingPaid' ? [e.data] : []));
const snapshotsOf = (events: readonly PaperEvent[]): Snapshot[] => events.flatMap((e) => (e.type === 'PaperAccountSnapshotTaken' ? [e.data] : []));
const fillsOf = (events: readonly PaperEvent[]): Fill[] => events.flatMap((e) => (e.type === 'PaperFillRecorded' ? [e.data] : []));

describe('executor: funding and liquidation of paper positions (issue 30)', () => {
  let fx: ExecutorFixture;
  const keepers: PaperKeeper[] = [];
  beforeEach(async () => {
    fx = await createExecutorFixture({ mainnet: 'simulator' });
  });
  afterEach(async () => {
    await Promise.all(keepers.splice(0).map((k) => k.stop()));
    await fx.close();
  });

  /** A user without keys with a paper strategy, as the api's strategiesDecider writes it. */
  async function paperUser(uid: string, paperBalance: number): Promise<string> {
    const user = await fx.addUser(uid, { keys: false });
    const created: DomainEvent = {
      type: 'StrategyCreated',
      v: 1,
      data: { strategyId: PAPER.strategyId, name: 'Paper exits', venue: 'paper', paperBalance, settings: structuredClone(DEFAULT_SETTINGS), at: now() },
    };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(created)]);
    return user.uid;
  }

  /** Opens paper positions the way alerts do (the executor's paper path), then stops the executor. */
  async function trade(uid: string, alerts: readonly (Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>)[]): Promise<void> {
    const executor = await fx.start();
    for (const alert of alerts) {
      const events = await fx.terminal(await fx.receive(uid, alert, now(), PAPER));
      expect(events.at(-1)?.type).toBe('SignalExecuted');
    }
    await executor.stop();
  }

  /** A keeper as the executor starts one, on a clock the test moves; its timer is held, the test checks. */
  async function keeper(clock: () => number): Promise<PaperKeeper> {
    const started = await startPaperKeeper({
      eventStore: fx.store.eventStore,
      client: fx.client,
      profiles: createUserProfiles(fx.store.eventStore),
      partition: undefined,
      clock,
      log: (entry) => fx.logs.push(entry),
      setTimer: () => undefined,
    });
    keepers.push(started);
    return started;
  }

  const paperEvents = async (uid: string) => (await fx.events(paperStreamId(uid))) as PaperEvent[];
  /** The first funding hour after the account's last fill: the positions were held at it. */
  const nextHourAfterFills = (events: readonly PaperEvent[]) =>
    fundingHourOf(Math.max(...fillsOf(events).map((f) => Date.parse(f.time)))) + FUNDING_INTERVAL_MS;
  const sziOf = (snapshot: Snapshot | undefined, coin: string) => Number(snapshot?.positions.find((p) => p.coin === coin)?.szi);

  it('given a paper long of ETH and a paper short of BTC, when the funding hour passes at positive rates, then the long pays and the short receives size × oracle price × rate, recorded with the account it left', async () => {
    const uid = await paperUser('u-funding', 10_000);
    await trade(uid, [
      { coin: 'ETH', action: 'buy', size: 700, leverage: 1 },
      { coin: 'BTC', action: 'sell', size: 970, leverage: 1 },
    ]);
    fx.sim.setFundingRate('ETH', 0.0001);
    fx.sim.setFundingRate('BTC', 0.00005);
    const before = await paperEvents(uid);
    const held = snapshotsOf(before).at(-1);
    const hour = nextHourAfterFills(before);

    await (await keeper(() => hour + 5_000)).check();

    const added = (await paperEvents(uid)).slice(before.length);
    expect(added.map((e) => e.type)).toEqual(['PaperFundingPaid', 'PaperFundingPaid', 'PaperAccountSnapshotTaken']);
    const [eth, btc] = fundingsOf(added);
    expect(eth).toMatchObject({
      strategyId: 'st_paper',
      epoch: 0,
      coin: 'ETH',
      hour: iso(hour),
      fundingRate: '0.0001',
      oraclePx: '3500',
      at: iso(hour + 5_000),
    });
    expect(Number(eth?.szi)).toBe(sziOf(held, 'ETH'));
    expect(Number(eth?.usdc)).toBeCloseTo(-sziOf(held, 'ETH') * 3_500 * 0.0001, 9);
    expect(Number(eth?.usdc)).toBeLessThan(0);
    expect(btc).toMatchObject({ coin: 'BTC', hour: iso(hour), fundingRate: '0.00005', oraclePx: '97000' });
    expect(Number(btc?.usdc)).toBeCloseTo(-sziOf(held, 'BTC') * 97_000 * 0.00005, 9);
    expect(Number(btc?.usdc)).toBeGreaterThan(0);
    const after = snapshotsOf(added).at(-1);
    expect(Number(after?.balance.totalEquity)).toBeCloseTo(Number(held?.balance.totalEquity) + Number(eth?.usdc) + Number(btc?.usdc), 5);
    expect(after?.positions.map((p) => [p.coin, p.szi])).toEqual(held?.positions.map((p) => [p.coin, p.szi]));
  });

  it('given an hour paid, when it is checked again in that hour, and by a new keeper after a restart, then it is never paid twice; the next hour is paid once, a long receiving a negative rate', async () => {
    const uid = await paperUser('u-funding-restart', 10_000);
    await trade(uid, [{ coin: 'ETH', action: 'buy', size: 700, leverage: 1 }]);
    fx.sim.setFundingRate('ETH', 0.0001);
    const hour = nextHourAfterFills(await paperEvents(uid));
    let at = hour + 5_000;
    const first = await keeper(() => at);

    await first.check();
    at = hour + 30 * 60_000;
    await first.check();
    await first.stop();
    const restarted = await keeper(() => at);
    at = hour + 40 * 60_000;
    await restarted.check();

    expect(fundingsOf(await paperEvents(uid)).map((f) => f.hour)).toEqual([iso(hour)]);

    fx.sim.setFundingRate('ETH', -0.0002);
    at = hour + FUNDING_INTERVAL_MS + 3_000;
    await restarted.check();
    await restarted.check();

    const paid = fundingsOf(await paperEvents(uid));
    expect(paid.map((f) => f.hour)).toEqual([iso(hour), iso(hour + FUNDING_INTERVAL_MS)]);
    expect(Number(paid[0]?.usdc)).toBeLessThan(0);
    expect(Number(paid[1]?.usdc)).toBeCloseTo(Number(paid[1]?.szi) * 3_500 * 0.0002, 9);
    expect(Number(paid[1]?.usdc)).toBeGreaterThan(0);
  });

  it('given a paper long at 20x, when the mark sits just above its maintenance margin, then nothing happens; just below, then it is liquidated at the mark: a paper fill no alert placed, and the account without the position', async () => {
    const uid = await paperUser('u-liquidated', 100);
    await trade(uid, [{ coin: 'ETH', action: 'buy', size: 100, leverage: 20 }]);
    const before = await paperEvents(uid);
    const liquidationPx = Number(snapshotsOf(before).at(-1)?.positions[0]?.liquidationPx);
    expect(liquidationPx).toBeGreaterThan(3_300);
    // Within the hour of the fill: no funding is due, only the marks are judged.
    const check = await keeper(() => Date.parse(fillsOf(before).at(-1)?.time ?? '') + 1_000);
    const moveMark = async (px: number) => {
      fx.sim.setMarkPrice('ETH', px);
      await expect.poll(async () => (await fx.client.getMids(false)).ETH, { timeout: 5_000 }).toBe(px);
    };

    await moveMark(Math.ceil(liquidationPx * 1.002));
    await check.check();
    expect(fillsOf(await paperEvents(uid))).toHaveLength(1);

    const mark = Math.floor(liquidationPx * 0.998);
    await moveMark(mark);
    await check.check();

    const added = (await paperEvents(uid)).slice(before.length);
    const [liquidation] = fillsOf(added);
    expect(liquidation).toMatchObject({ strategyId: 'st_paper', epoch: 0, coin: 'ETH', side: 'A', dir: 'Liquidated Cross Long', crossed: true });
    expect(Number(liquidation?.px)).toBe(mark);
    expect(liquidation?.sz).toBe(fillsOf(before)[0]?.sz);
    expect(liquidation).not.toHaveProperty('signalId');
    expect(Number(liquidation?.closedPnl)).toBeLessThan(0);
    const left = snapshotsOf(added).at(-1);
    expect(left?.positions).toEqual([]);
    expect(Number(left?.balance.totalEquity)).toBeGreaterThan(0);
    // What the account still had stays with it: less than the maintenance margin (half the initial at ETH's 25x) it fell below.
    expect(Number(left?.balance.totalEquity)).toBeLessThan((Number(liquidation?.sz) * mark) / (2 * 25));

    await check.check();
    expect(await paperEvents(uid)).toHaveLength(before.length + added.length);
  });

  describe('resting orders and stops on the mark (issue 41, point 3)', () => {
    const moveMark = async (coin: string, px: number) => {
      fx.sim.setMarkPrice(coin, px);
      await expect.poll(async () => (await fx.client.getMids(false))[coin], { timeout: 5_000 }).toBe(px);
    };
    /** The alert's signal id, from the fill it left or the order it placed. */
    const placedBy = (events: readonly PaperEvent[]) =>
      snapshotsOf(events)
        .flatMap((s) => s.orders ?? [])
        .map((o) => o.signalId);

    it('issue 41, point 3: given a resting paper GTC buy with a grouped stop, when the mid comes down through it, then the keeper fills it at its price for the alert that placed it and the stop goes live; when the mark falls to the stop, it fires and closes the position', async () => {
      const uid = await paperUser('u-resting', 10_000);
      await trade(uid, [{ coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_400, size: 300, leverage: 2, stopLoss: 3_200 }]);
      const before = await paperEvents(uid);
      const [signalId] = placedBy(before);
      const check = await keeper(() => Date.now());

      await check.check();
      expect(await paperEvents(uid)).toHaveLength(before.length);

      await moveMark('ETH', 3_390);
      await check.check();
      const filled = (await paperEvents(uid)).slice(before.length);
      expect(fillsOf(filled)).toMatchObject([{ coin: 'ETH', side: 'B', crossed: false, signalId, strategyId: 'st_paper' }]);
      expect(Number(fillsOf(filled)[0]?.px)).toBe(3_400);
      const live = snapshotsOf(filled).at(-1);
      expect(live?.positions).toMatchObject([{ coin: 'ETH', leverage: 2 }]);
      expect(live?.orders).toMatchObject([{ trigger: { px: '3200', tpsl: 'sl' }, sz: fillsOf(filled)[0]?.sz, signalId }]);
      expect(live?.orders?.[0]?.waitingForParent).toBeUndefined();

      await moveMark('ETH', 3_190);
      await check.check();
      const stopped = (await paperEvents(uid)).slice(before.length + filled.length);
      expect(fillsOf(stopped)).toMatchObject([{ side: 'A', dir: 'Close Long', signalId }]);
      expect(Number(fillsOf(stopped)[0]?.px)).toBeLessThanOrEqual(3_190);
      expect(snapshotsOf(stopped).at(-1)).toMatchObject({ positions: [] });
      expect(snapshotsOf(stopped).at(-1)?.orders).toBeUndefined();
    });

    it('issue 41, point 3: given a paper long with a stop-loss, when the mark falls to the stop, then the keeper fires it at the mark and the position is closed by a fill of the entry alert', async () => {
      const uid = await paperUser('u-stopped', 10_000);
      await trade(uid, [{ coin: 'ETH', action: 'buy', size: 700, leverage: 2, stopLoss: 3_300 }]);
      const before = await paperEvents(uid);
      const entrySignal = fillsOf(before)[0]?.signalId;
      const check = await keeper(() => Date.now());

      await moveMark('ETH', 3_310);
      await check.check();
      expect(await paperEvents(uid)).toHaveLength(before.length);

      await moveMark('ETH', 3_280);
      await check.check();
      const added = (await paperEvents(uid)).slice(before.length);
      expect(fillsOf(added)).toMatchObject([{ side: 'A', dir: 'Close Long', sz: fillsOf(before)[0]?.sz, signalId: entrySignal }]);
      expect(Number(fillsOf(added)[0]?.px)).toBeGreaterThan(3_270);
      expect(snapshotsOf(added).at(-1)?.positions).toEqual([]);
    });

    it('issue 41 §3: given a paper long with a stop, a target and a break-even move, when the mid stays below the activation, then nothing moves; once it reaches it, then the stop goes to entry + offset, the target stays, the move is disarmed and never repeated', async () => {
      const uid = await paperUser('u-break-even', 10_000);
      await trade(uid, [
        { coin: 'ETH', action: 'buy', size: 700, leverage: 2, stopLoss: 3_300, takeProfit: 3_900, breakEven: { activationPercent: 1, offsetPercent: 0.1 } },
      ]);
      const before = await paperEvents(uid);
      const [entry] = fillsOf(before);
      const opened = snapshotsOf(before).at(-1);
      const [armed] = opened?.breakEvens ?? [];
      expect(armed).toMatchObject({ coin: 'ETH', long: true, signalId: entry?.signalId });
      expect(Number(armed?.activationPx)).toBeCloseTo(Number(entry?.px) * 1.01, -1);
      expect(Number(armed?.stopPx)).toBeCloseTo(Number(entry?.px) * 1.001, -1);
      const check = await keeper(() => Date.now());

      await moveMark('ETH', Math.floor(Number(armed?.activationPx) * 0.998));
      await check.check();
      expect(await paperEvents(uid)).toHaveLength(before.length);

      await moveMark('ETH', Math.ceil(Number(armed?.activationPx) * 1.001));
      await check.check();
      const moved = (await paperEvents(uid)).slice(before.length);
      expect(moved.map((e) => e.type)).toEqual(['PaperAccountSnapshotTaken']);
      const after = snapshotsOf(moved).at(-1);
      const size = opened?.positions[0]?.szi;
      expect(after?.orders?.map((o) => [o.trigger?.tpsl, o.trigger?.px, o.sz, o.reduceOnly, o.signalId])).toEqual([
        ['tp', '3900', size, true, entry?.signalId],
        ['sl', armed?.stopPx, size, true, entry?.signalId],
      ]);
      expect(after?.breakEvens).toBeUndefined();

      await moveMark('ETH', Math.ceil(Number(armed?.activationPx) * 1.02));
      await check.check();
      expect(await paperEvents(uid)).toHaveLength(before.length + moved.length);
    });

    it('issue 41 §3: given a paper short armed to move to break-even without a stop, when the keeper restarts before the mid reaches it, then the new keeper places the stop at the break-even price; a long armed but closed is forgotten', async () => {
      const uid = await paperUser('u-break-even-restart', 10_000);
      await trade(uid, [
        { coin: 'ETH', action: 'sell', size: 700, leverage: 2, breakEven: { activationPercent: 2, offsetPercent: 0 } },
        { coin: 'BTC', action: 'buy', size: 700, leverage: 2, breakEven: { activationPercent: 2, offsetPercent: 0 } },
        { coin: 'BTC', action: 'close' },
      ]);
      const before = await paperEvents(uid);
      const armed = snapshotsOf(before).at(-1)?.breakEvens;
      expect(armed?.map((m) => [m.coin, m.long])).toEqual([['ETH', false]]);
      const first = await keeper(() => Date.now());
      await first.check();
      await first.stop();

      const restarted = await keeper(() => Date.now());
      await moveMark('ETH', Math.floor(Number(armed?.[0]?.activationPx) * 0.999));
      await restarted.check();

      const after = snapshotsOf((await paperEvents(uid)).slice(before.length)).at(-1);
      expect(after?.orders?.map((o) => [o.trigger?.tpsl, o.trigger?.px, o.side, o.wholePosition])).toEqual([['sl', armed?.[0]?.stopPx, 'B', true]]);
      expect(after?.breakEvens).toBeUndefined();
    });

    it('issue 41 §3: given a paper long of 0.2 ETH with take-profits of half at 3600 and half at 3700 and a 2% trail, when the mark runs up, then the trail moves the stop (a step at least, at most every 30 s), the nearer take-profit closes its half and leaves the stop (shrunk to what is left) and the farther one; when the mark falls to the stop, it closes the rest', async () => {
      const uid = await paperUser('u-exits', 10_000);
      await trade(uid, [
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
      ]);
      const before = await paperEvents(uid);
      const entrySignal = fillsOf(before)[0]?.signalId;
      const triggers = (snapshot: Snapshot | undefined) => (snapshot?.orders ?? []).map((o) => [o.trigger?.tpsl, Number(o.trigger?.px), o.sz]);
      const stopOf = (snapshot: Snapshot | undefined) => Number(snapshot?.orders?.find((o) => o.trigger?.tpsl === 'sl')?.trigger?.px);
      const opened = snapshotsOf(before).at(-1);
      expect(opened?.exits).toMatchObject([{ coin: 'ETH', long: true, signalId: entrySignal, trailingStop: { percent: '2', active: true } }]);
      const armedStop = stopOf(opened);
      let at = Date.parse('2026-12-03T15:00:00.000Z');
      const check = await keeper(() => at);

      // When: the mark runs to 3560. Then: the trail lifts the stop 2% behind it, for the whole 0.2.
      await moveMark('ETH', 3_560);
      await check.check();
      const trailed = snapshotsOf(await paperEvents(uid)).at(-1);
      expect(stopOf(trailed)).toBeGreaterThan(armedStop);
      expect(stopOf(trailed)).toBeCloseTo(3_560 * 0.98, 0);
      expect(trailed?.exits?.[0]?.trailingStop?.movedAt).toBe(new Date(at).toISOString());

      // When: 10 s later the mark reaches 3610. Then: the nearer take-profit closes 0.1; the stop stays where it was
      // (moved less than 30 s ago) but shrinks to the 0.1 left, and the farther take-profit stays.
      at += 10_000;
      await moveMark('ETH', 3_610);
      await check.check();
      const events = await paperEvents(uid);
      expect(fillsOf(events.slice(before.length))).toMatchObject([{ side: 'A', sz: '0.1', dir: 'Close Long', signalId: entrySignal }]);
      const halved = snapshotsOf(events).at(-1);
      expect(halved?.positions[0]?.szi).toBe('0.1');
      expect(triggers(halved)).toEqual([
        ['tp', 3_700, '0.1'],
        ['sl', stopOf(trailed), '0.1'],
      ]);
      expect(halved?.exits?.[0]?.takeProfits).toEqual([{ triggerPx: '3700', size: '0.1' }]);

      // When: 30 s after the move, the mark is at 3620. Then: the stop moves again, 2% behind it.
      at += 30_000;
      await moveMark('ETH', 3_620);
      await check.check();
      const again = snapshotsOf(await paperEvents(uid)).at(-1);
      expect(stopOf(again)).toBeCloseTo(3_620 * 0.98, 0);
      expect(triggers(again).map(([kind, , sz]) => [kind, sz])).toEqual([
        ['tp', '0.1'],
        ['sl', '0.1'],
      ]);

      // When: the mark falls through the stop. Then: the rest is closed and nothing is left armed.
      await moveMark('ETH', 3_500);
      await check.check();
      const closed = snapshotsOf(await paperEvents(uid)).at(-1);
      expect(closed?.positions).toEqual([]);
      expect(closed?.orders).toBeUndefined();
      expect(closed?.exits).toBeUndefined();
    });

    it('issue 41, point 3: given a resting limit and a stop recorded, when the executor and its keeper restart, then both are still there and still fill and fire', async () => {
      const uid = await paperUser('u-restart', 10_000);
      await trade(uid, [
        { coin: 'ETH', action: 'buy', size: 700, leverage: 2, stopLoss: 3_300 },
        { coin: 'BTC', action: 'buy', orderType: 'limit', price: 95_000, size: 300, leverage: 2 },
      ]);
      const first = await keeper(() => Date.now());
      await first.check();
      await first.stop();
      const before = await paperEvents(uid);
      expect(
        snapshotsOf(before)
          .at(-1)
          ?.orders?.map((o) => o.coin),
      ).toEqual(['ETH', 'BTC']);

      // A new executor trades on the restored account: the orders are kept in its snapshot.
      await trade(uid, [{ coin: 'ETH', action: 'buy', size: 100, leverage: 2 }]);
      const restarted = await keeper(() => Date.now());
      const kept = snapshotsOf(await paperEvents(uid)).at(-1);
      expect(kept?.orders?.map((o) => [o.coin, o.trigger?.tpsl ?? o.tif])).toEqual([
        ['ETH', 'sl'],
        ['BTC', 'Gtc'],
      ]);
      expect(kept?.orders?.[0]?.sz).toBe(kept?.positions.find((p) => p.coin === 'ETH')?.szi);

      await moveMark('BTC', 94_900);
      await moveMark('ETH', 3_280);
      await restarted.check();
      const added = fillsOf((await paperEvents(uid)).slice(before.length));
      expect(added.map((f) => [f.coin, f.side])).toEqual([
        ['ETH', 'B'],
        ['BTC', 'B'],
        ['ETH', 'A'],
      ]);
      const last = snapshotsOf(await paperEvents(uid)).at(-1);
      expect(last?.positions.map((p) => p.coin)).toEqual(['BTC']);
      expect(last?.orders).toBeUndefined();
    });
  });
});
