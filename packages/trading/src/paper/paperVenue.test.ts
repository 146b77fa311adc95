import { describe, expect, it } from 'vitest';
import { PaperVenue, paperFillAsVenueFill, type PaperFill, type RecordedPaperFill, type RecordedPaperFunding } from './paperVenue.js';
import { perpAsset } from './testing/perpAsset.js';

const ASSETS = [perpAsset('BTC', 0, 5, 40), perpAsset('ETH', 1, 4, 25)];
const CLOID_1 = `0x${'1'.repeat(32)}`;
const CLOID_2 = `0x${'2'.repeat(32)}`;
const venue = (mids: Record<string, number> = { BTC: 97_000, ETH: 3_500 }) =>
  new PaperVenue({ assets: ASSETS, mids, now: () => Date.parse('2026-11-28T12:00:00Z') });
const buyEth = (size: string, over: Partial<Parameters<PaperVenue['placeOrder']>[1]> = {}) => ({
  coin: 'ETH',
  isBuy: true,
  price: '3600',
  size,
  reduceOnly: false,
  tif: 'Ioc' as const,
  cloid: CLOID_1,
  ...over,
});

describe('PaperVenue (issue 30, point 1)', () => {
  it('issue 30, point 1: given a paper account of 10,000 USDC, when it buys 1 ETH at market, then it fills near the mid as a taker and the account shows the position, the fee and the same equity less the fee', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    const { outcome, fills } = paper.placeOrder('paper-a', buyEth('1'));
    expect(outcome).toMatchObject({ kind: 'filled', filledSize: 1, partial: false, cloid: CLOID_1 });
    expect(fills).toHaveLength(1);
    const [fill] = fills;
    expect(fill?.px).toBeGreaterThanOrEqual(3_500);
    expect(fill?.px).toBeLessThan(3_502);
    expect(fill?.fee).toBeCloseTo((fill?.px ?? 0) * 0.00045, 6);
    const snapshot = paper.snapshot('paper-a');
    expect(snapshot.positions).toMatchObject([{ coin: 'ETH', szi: 1 }]);
    expect(snapshot.balance.totalEquity).toBeCloseTo(10_000 - (fill?.fee ?? 0) - ((fill?.px ?? 0) - 3_500), 4);
  });

  it('issue 30, point 1: when the mid moves and the position is closed reduce-only, then the closed P&L follows the venue mids handed in', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    const opened = paper.placeOrder('paper-a', buyEth('1')).fills[0];
    paper.setMids({ ETH: 3_600 });
    expect(paper.snapshot('paper-a').positions[0]?.unrealizedPnl).toBeCloseTo(3_600 - (opened?.px ?? 0), 4);
    const { outcome, fills } = paper.placeOrder('paper-a', { ...buyEth('1'), isBuy: false, price: '3500', reduceOnly: true, cloid: CLOID_2 });
    expect(outcome.kind).toBe('filled');
    expect(fills[0]?.dir).toBe('Close Long');
    expect(fills[0]?.closedPnl).toBeCloseTo((fills[0]?.px ?? 0) - (opened?.px ?? 0), 6);
    expect(paper.snapshot('paper-a').positions).toEqual([]);
  });

  it("issue 30, point 1: the venue rules hold on paper: margin beyond the balance, the $10 minimum and a reduce-only order with nothing to reduce are refused with the venue's words", () => {
    const paper = venue();
    paper.restore('paper-a', 100, []);
    expect(paper.placeOrder('paper-a', buyEth('1')).outcome).toMatchObject({ kind: 'rejected', message: expect.stringContaining('Insufficient margin') });
    expect(paper.placeOrder('paper-a', buyEth('0.001')).outcome).toMatchObject({ kind: 'rejected', message: expect.stringContaining('minimum') });
    expect(paper.placeOrder('paper-a', { ...buyEth('0.01'), reduceOnly: true }).outcome).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Reduce only order would increase position'),
    });
    expect(paper.snapshot('paper-a').balance.totalEquity).toBe(100);
  });

  it('given BTC above 100,000, when a paper market buy is priced at a whole number of six figures, then it fills as on the venue, which takes any integer price; a sixth figure after the point is refused', () => {
    const paper = venue({ BTC: 102_640.5, ETH: 3_500 });
    paper.restore('paper-a', 100_000, []);
    const btc = { coin: 'BTC', isBuy: true, size: '0.1', reduceOnly: false, tif: 'Ioc' as const };
    expect(paper.placeOrder('paper-a', { ...btc, price: '107767.5', cloid: CLOID_2 }).outcome).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('at most 5 significant figures'),
    });
    expect(paper.placeOrder('paper-a', { ...btc, price: '107767', cloid: CLOID_1 }).outcome).toMatchObject({ kind: 'filled', filledSize: 0.1 });
  });

  it('issue 30, point 1: given the fills a paper account recorded, when it is restored in a new process, then its positions, cash and P&L are exactly as before', () => {
    const first = venue();
    first.restore('paper-a', 10_000, [], { BTC: 5 });
    const recorded: RecordedPaperFill[] = [];
    const keep = (fills: readonly { coin: string; px: number; lots: number; szDecimals: number; isBuy: boolean }[]) =>
      recorded.push(
        ...fills.map((f) => ({ coin: f.coin, px: String(f.px), sz: String(f.lots / 10 ** f.szDecimals), side: f.isBuy ? ('B' as const) : ('A' as const) })),
      );
    keep(first.placeOrder('paper-a', buyEth('2')).fills);
    keep(first.placeOrder('paper-a', { coin: 'BTC', isBuy: false, price: '90000', size: '0.01', reduceOnly: false, tif: 'Ioc', cloid: CLOID_2 }).fills);
    first.setMids({ ETH: 3_550 });
    keep(first.placeOrder('paper-a', { ...buyEth('0.5'), isBuy: false, price: '3000', reduceOnly: true }).fills);

    const second = venue({ BTC: 97_000, ETH: 3_550 });
    second.restore('paper-a', 10_000, recorded, { BTC: 5 });
    expect(second.snapshot('paper-a')).toEqual(first.snapshot('paper-a'));
  });

  it("issue 30, point 1: leverage above the coin's maximum is refused; two accounts never share a position", () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.restore('paper-b', 10_000, []);
    expect(paper.setLeverage('paper-a', 'ETH', 30)).toMatchObject({ kind: 'rejected', message: 'Invalid leverage value: ETH allows 1 to 25x.' });
    paper.placeOrder('paper-a', buyEth('1'));
    expect(paper.snapshot('paper-b').positions).toEqual([]);
    expect(() => paper.snapshot('paper-c')).toThrow('not open');
  });

  it('issue 30, point 1: a paper fill reads as the venue lists a fill: decimal text, side, direction, cloid and start position', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    const [fill] = paper.placeOrder('paper-a', buyEth('0.5')).fills;
    if (fill === undefined) throw new Error('no fill');
    const wire = paperFillAsVenueFill(fill);
    expect(wire).toMatchObject({
      coin: 'ETH',
      sz: '0.5',
      side: 'B',
      dir: 'Open Long',
      startPosition: '0.0',
      cloid: CLOID_1,
      feeToken: 'USDC',
      oid: fill.oid,
      tid: fill.tid,
    });
    expect(Number(wire.px)).toBe(fill.px);
    expect(Number(wire.fee)).toBeCloseTo(fill.fee, 6);
  });
});

const HOUR = Date.parse('2026-11-28T13:00:00Z');
/** A fill as the log keeps it. */
const recordedOf = (fill: { coin: string; px: number; lots: number; szDecimals: number; isBuy: boolean; time: number }): RecordedPaperFill => ({
  coin: fill.coin,
  px: String(fill.px),
  sz: String(fill.lots / 10 ** fill.szDecimals),
  side: fill.isBuy ? 'B' : 'A',
  time: new Date(fill.time).toISOString(),
});

describe('PaperVenue: funding (rule 17)', () => {
  it('given a paper long of 2 ETH, when an hour of funding settles at a positive rate, then it pays size × oracle price × rate and its equity drops by as much', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', buyEth('2'));
    const before = paper.snapshot('paper-a').balance.totalEquity;

    const paid = paper.payFunding('paper-a', { hour: HOUR, coin: 'ETH', szi: 2, fundingRate: 0.0001, oraclePx: 3_510 });

    expect(paid).toMatchObject({ time: HOUR, coin: 'ETH', szi: 2, fundingRate: 0.0001, oraclePx: 3_510 });
    expect(paid?.usdc).toBeCloseTo(-0.702, 9);
    expect(paper.snapshot('paper-a').balance.totalEquity).toBeCloseTo(before - 0.702, 6);
    expect(paper.snapshot('paper-a').positions).toMatchObject([{ coin: 'ETH', szi: 2 }]);
  });

  it('given a paper short, then a positive rate is received and a negative one paid; a long receives a negative rate', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', { ...buyEth('1'), isBuy: false, price: '3400' });
    expect(paper.payFunding('paper-a', { hour: HOUR, coin: 'ETH', szi: -1, fundingRate: 0.0001, oraclePx: 3_500 })?.usdc).toBeCloseTo(0.35, 9);
    expect(paper.payFunding('paper-a', { hour: HOUR, coin: 'ETH', szi: -1, fundingRate: -0.0001, oraclePx: 3_500 })?.usdc).toBeCloseTo(-0.35, 9);
    expect(paper.payFunding('paper-a', { hour: HOUR, coin: 'ETH', szi: 1, fundingRate: -0.0001, oraclePx: 3_500 })?.usdc).toBeCloseTo(0.35, 9);
    expect(paper.payFunding('paper-a', { hour: HOUR, coin: 'BTC', szi: 0, fundingRate: 0.0001, oraclePx: 97_000 })).toBeNull();
  });

  it('given the fills and funding payments a paper account recorded, when it is restored, then its cash is exactly as before', () => {
    const first = venue();
    first.restore('paper-a', 10_000, []);
    const fills = first.placeOrder('paper-a', buyEth('2')).fills.map(recordedOf);
    const paid = first.payFunding('paper-a', { hour: HOUR, coin: 'ETH', szi: 2, fundingRate: 0.0000125, oraclePx: 3_500 });
    const fundings: RecordedPaperFunding[] = [{ coin: 'ETH', hour: new Date(HOUR).toISOString(), usdc: String(paid?.usdc) }];

    const second = venue();
    second.restore('paper-a', 10_000, fills, {}, fundings);
    expect(second.snapshot('paper-a')).toEqual(first.snapshot('paper-a'));
  });
});

describe('PaperVenue: liquidation at maintenance margin', () => {
  /** A paper account of 300 USDC long 1 ETH at 20x, and the liquidation price its snapshot reports. */
  const thinLong = () => {
    const paper = venue();
    paper.restore('paper-a', 300, []);
    const fills = paper.placeOrder('paper-a', buyEth('1')).fills.map(recordedOf);
    const liquidationPx = paper.snapshot('paper-a').positions[0]?.liquidationPx ?? 0;
    return { paper, fills, liquidationPx };
  };

  it('given a paper cross long, when the mark stays just above its liquidation price, then the account still covers its maintenance margin and nothing is liquidated', () => {
    const { paper, liquidationPx } = thinLong();
    expect(liquidationPx).toBeGreaterThan(3_000);
    paper.setMids({ ETH: liquidationPx * 1.001 });
    expect(paper.liquidate('paper-a')).toEqual([]);
    expect(paper.snapshot('paper-a').positions).toMatchObject([{ coin: 'ETH', szi: 1 }]);
  });

  it('given a paper cross long restored at a mark below its maintenance margin, when checked, then it is closed at the mark as the venue liquidates, and its recorded fill restores the same account', () => {
    const { fills, liquidationPx } = thinLong();
    const mark = Math.round(liquidationPx * 0.999 * 10) / 10;
    const paper = venue({ BTC: 97_000, ETH: mark });
    paper.restore('paper-a', 300, fills);

    const [liquidation, ...more] = paper.liquidate('paper-a');

    expect(more).toEqual([]);
    expect(liquidation).toMatchObject({ coin: 'ETH', isBuy: false, px: mark, dir: 'Liquidated Cross Long', crossed: true, liquidation: { method: 'market' } });
    expect(paper.snapshot('paper-a').positions).toEqual([]);
    expect(paper.snapshot('paper-a').balance.totalEquity).toBeGreaterThan(0);
    // What is left is what the account still had: less than ETH's maintenance margin (half the initial at 25x) of the position.
    expect(paper.snapshot('paper-a').balance.totalEquity).toBeLessThan(mark / (2 * 25));
    const again = venue({ BTC: 97_000, ETH: mark });
    again.restore('paper-a', 300, [...fills, ...(liquidation === undefined ? [] : [recordedOf(liquidation)])]);
    expect(again.snapshot('paper-a')).toEqual(paper.snapshot('paper-a'));
  });

  it('given a paper cross long, when the mids move below its maintenance margin, then the mark move liquidates it as on the venue and names the account', () => {
    const { paper, liquidationPx } = thinLong();
    paper.restore('paper-b', 10_000, []);
    paper.placeOrder('paper-b', buyEth('1'));

    const liquidated = paper.setMids({ ETH: liquidationPx * 0.999 });

    expect([...liquidated.keys()]).toEqual(['paper-a']);
    expect(liquidated.get('paper-a')).toMatchObject([{ dir: 'Liquidated Cross Long' }]);
    expect(paper.snapshot('paper-b').positions).toMatchObject([{ coin: 'ETH', szi: 1 }]);
  });
});

const SIGNAL_1 = 'sig_limit_1';
const SIGNAL_2 = 'sig_stop_2';
/** A stop-loss or take-profit as the plan carries it: a market trigger and its worst price once fired. */
const stopAt = (triggerPx: string, price: string) => ({ triggerPx, price });
/** Every fill as the log keeps it, to restore from. */
const recordedFills = (fills: readonly PaperFill[]): RecordedPaperFill[] => fills.map(recordedOf);

describe('PaperVenue: resting orders and protection (issue 41, point 3)', () => {
  it('issue 41, point 3: given a paper GTC buy below the mid, then it rests on the account; when the mid comes down through it, then it fills at its price as maker, for the alert that placed it', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    const { outcome, fills } = paper.placeOrder('paper-a', buyEth('1', { tif: 'Gtc', price: '3400' }), SIGNAL_1);
    expect(outcome).toMatchObject({ kind: 'resting' });
    expect(fills).toEqual([]);
    expect(paper.openOrders('paper-a')).toMatchObject([
      { coin: 'ETH', side: 'B', limitPx: '3400', sz: '1', tif: 'Gtc', reduceOnly: false, signalId: SIGNAL_1 },
    ]);

    expect(paper.setMids({ ETH: 3_450 }).get('paper-a')).toBeUndefined();
    const filled = paper.setMids({ ETH: 3_399 }).get('paper-a') ?? [];

    expect(filled).toMatchObject([{ coin: 'ETH', px: 3_400, lots: 10_000, isBuy: true, crossed: false }]);
    expect(filled.map((fill) => paper.signalOf(fill))).toEqual([SIGNAL_1]);
    expect(paper.openOrders('paper-a')).toEqual([]);
    expect(paper.snapshot('paper-a').positions).toMatchObject([{ coin: 'ETH', szi: 1, entryPx: 3_400 }]);
  });

  it("issue 41, point 3: a paper ALO that would cross is refused in the venue's words, a passive one rests; an IOC limit fills at once or not at all", () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    expect(paper.placeOrder('paper-a', buyEth('1', { tif: 'Alo', price: '3600' })).outcome).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Post only order would have immediately matched, bbo was'),
    });
    expect(paper.placeOrder('paper-a', buyEth('1', { tif: 'Alo', price: '3400' })).outcome).toMatchObject({ kind: 'resting' });
    expect(paper.placeOrder('paper-a', buyEth('1', { tif: 'Ioc', price: '3400', cloid: CLOID_2 })).outcome).toMatchObject({ kind: 'rejected' });
    expect(paper.openOrders('paper-a')).toMatchObject([{ tif: 'Alo', limitPx: '3400' }]);
    expect(paper.snapshot('paper-a').positions).toEqual([]);
  });

  it('issue 41, point 3: given a paper long with a stop-loss, when the mark falls to the stop, then the stop fires at the mark and closes the position, for the alert that set it', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', buyEth('1'), SIGNAL_2);
    expect(paper.protect('paper-a', 'ETH', { stopLoss: stopAt('3300', '2970') }, SIGNAL_2)).toEqual({ placed: ['sl'], refused: [] });
    expect(paper.openOrders('paper-a')).toMatchObject([{ side: 'A', reduceOnly: true, sz: '1', wholePosition: true, trigger: { px: '3300', tpsl: 'sl' } }]);

    expect(paper.setMids({ ETH: 3_310 }).get('paper-a')).toBeUndefined();
    const fired = paper.setMids({ ETH: 3_295 }).get('paper-a') ?? [];

    expect(fired).toMatchObject([{ coin: 'ETH', isBuy: false, lots: 10_000, dir: 'Close Long' }]);
    expect(fired[0]?.px).toBeLessThanOrEqual(3_295);
    expect(fired[0]?.px).toBeGreaterThan(3_290);
    expect(paper.signalOf(fired[0] as PaperFill)).toBe(SIGNAL_2);
    expect(paper.snapshot('paper-a').positions).toEqual([]);
    expect(paper.openOrders('paper-a')).toEqual([]);
  });

  it('issue 41, point 3: given a paper GTC limit with a grouped stop that fills in part, then the stop waits while the rest rests and goes live, for the whole entry, only once it fully fills; then it fires at the mark', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    const entry = buyEth('40', {
      tif: 'Gtc',
      price: '3501',
      grouping: 'normalTpsl',
      children: [{ kind: 'sl', triggerPx: '3300', price: '2970', isBuy: false, size: '40' }],
    });
    const placed = paper.placeOrder('paper-a', entry, SIGNAL_1);
    expect(placed.outcome).toMatchObject({ kind: 'resting', children: [{ status: 'waitingForFill' }] });
    const takenNow = placed.fills.reduce((sum, fill) => sum + fill.lots, 0);
    expect(takenNow).toBeGreaterThan(0);
    expect(takenNow).toBeLessThan(400_000);
    expect(paper.openOrders('paper-a')).toMatchObject([
      { tif: 'Gtc', limitPx: '3501', sz: String((400_000 - takenNow) / 10_000) },
      { waitingForParent: true, trigger: { px: '3300', tpsl: 'sl' }, signalId: SIGNAL_1 },
    ]);

    expect(paper.setMids({ ETH: 3_450 }).get('paper-a')).toMatchObject([{ px: 3_501, isBuy: true, crossed: false }]);
    const [stop] = paper.openOrders('paper-a');
    expect(stop).toMatchObject({ trigger: { px: '3300', tpsl: 'sl' }, sz: '40', signalId: SIGNAL_1 });
    expect(stop?.waitingForParent).toBeUndefined();

    const fired = paper.setMids({ ETH: 3_290 }).get('paper-a') ?? [];
    expect(fired.every((fill) => !fill.isBuy && paper.signalOf(fill) === SIGNAL_1)).toBe(true);
    expect(fired.reduce((sum, fill) => sum + fill.lots, 0)).toBe(400_000);
    expect(paper.snapshot('paper-a').positions).toEqual([]);
  });

  it('issue 41 §3: given a paper GTC limit with a grouped stop that filled in part, and a position stop, when the limit is cancelled, then its waiting stop goes with it, the position keeps what filled and its own stop; a second cancel is refused in the venue words', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', buyEth('1'), SIGNAL_1);
    paper.protect('paper-a', 'ETH', { stopLoss: { triggerPx: '3200', price: '2880' } }, SIGNAL_1);
    const entry = buyEth('40', {
      tif: 'Gtc',
      price: '3501',
      cloid: CLOID_2,
      grouping: 'normalTpsl',
      children: [{ kind: 'sl', triggerPx: '3300', price: '2970', isBuy: false, size: '40' }],
    });
    const { outcome } = paper.placeOrder('paper-a', entry, SIGNAL_2);
    expect(outcome.kind).toBe('resting');
    const held = paper.snapshot('paper-a').positions[0]?.szi ?? 0;
    expect(held).toBeGreaterThan(1);
    const oid = outcome.kind === 'resting' ? (outcome.oid ?? -1) : -1;

    expect(paper.cancel('paper-a', [oid])).toEqual([{ status: 'cancelled' }]);

    expect(paper.openOrders('paper-a')).toMatchObject([{ trigger: { px: '3200', tpsl: 'sl' }, wholePosition: true, sz: String(held) }]);
    expect(paper.snapshot('paper-a').positions[0]?.szi).toBe(held);
    expect(paper.cancel('paper-a', [oid])).toEqual([{ status: 'rejected', message: 'Order was never placed, already canceled, or filled.' }]);
  });

  it('issue 41, point 3: given a paper long with a stop, when part of it is closed, then the stop is resized to what is left; when it is closed, the stop is cancelled', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', buyEth('2'), SIGNAL_2);
    paper.protect('paper-a', 'ETH', { stopLoss: stopAt('3300', '2970'), takeProfit: stopAt('3800', '3420') }, SIGNAL_2);
    expect(paper.openOrders('paper-a').map((order) => [order.trigger?.tpsl, order.sz])).toEqual([
      ['sl', '2'],
      ['tp', '2'],
    ]);

    paper.placeOrder('paper-a', { ...buyEth('0.5'), isBuy: false, price: '3300', reduceOnly: true, cloid: CLOID_2 });
    expect(paper.openOrders('paper-a').map((order) => [order.trigger?.tpsl, order.sz])).toEqual([
      ['sl', '1.5'],
      ['tp', '1.5'],
    ]);

    paper.placeOrder('paper-a', { ...buyEth('1.5'), isBuy: false, price: '3300', reduceOnly: true, cloid: CLOID_2 });
    expect(paper.openOrders('paper-a')).toEqual([]);
  });

  it('issue 41, point 3: a new stop replaces the one it follows (placed first), and a stop the mark is already past is refused as the venue refuses it', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', buyEth('1'));
    paper.protect('paper-a', 'ETH', { stopLoss: stopAt('3300', '2970') });
    paper.protect('paper-a', 'ETH', { stopLoss: stopAt('3350', '3015') });
    expect(paper.openOrders('paper-a')).toMatchObject([{ trigger: { px: '3350', tpsl: 'sl' } }]);
    const refused = paper.protect('paper-a', 'ETH', { stopLoss: stopAt('3600', '3240') });
    expect(refused).toMatchObject({ placed: [], refused: [{ kind: 'sl', message: expect.stringMatching(/TP\/SL/) }] });
    expect(paper.openOrders('paper-a')).toMatchObject([{ trigger: { px: '3350' } }]);
  });

  it('issue 41, point 3: given a resting limit and a stop recorded, when the account is restored in a new process, then both are there as they were, and still fill and fire on the marks', () => {
    const first = venue();
    first.restore('paper-a', 10_000, []);
    const fills = recordedFills(first.placeOrder('paper-a', buyEth('1'), SIGNAL_2).fills);
    first.protect('paper-a', 'ETH', { stopLoss: stopAt('3300', '2970') }, SIGNAL_2);
    first.placeOrder('paper-a', buyEth('1', { tif: 'Gtc', price: '3400', cloid: CLOID_2 }), SIGNAL_1);
    const orders = first.openOrders('paper-a');
    expect(orders).toHaveLength(2);

    expect(orders.map((order) => order.leverage)).toEqual([20, 20]);

    const second = venue();
    second.restore('paper-a', 10_000, fills, {}, [], orders);
    expect(second.openOrders('paper-a')).toEqual(orders);
    expect(second.snapshot('paper-a')).toEqual(first.snapshot('paper-a'));
    // An order placed after the restore never takes the oid of a restored one.
    second.placeOrder('paper-a', buyEth('0.01', { tif: 'Gtc', price: '3000', size: '0.01' }));
    expect(new Set(second.openOrders('paper-a').map((order) => order.oid)).size).toBe(3);

    const limitFill = second.setMids({ ETH: 3_390 }).get('paper-a') ?? [];
    expect(limitFill.map((fill) => [fill.px, second.signalOf(fill)])).toEqual([[3_400, SIGNAL_1]]);
    const stopped = second.setMids({ ETH: 3_290 }).get('paper-a') ?? [];
    expect(stopped).toMatchObject([{ isBuy: false, lots: 20_000, dir: 'Close Long' }]);
    expect(second.signalOf(stopped[0] as PaperFill)).toBe(SIGNAL_2);
    expect(second.snapshot('paper-a').positions).toEqual([]);
  });

  it('issue 41 §3: given a paper long of 1 ETH with a fixed-size stop for 1 and two take-profits of 0.5, when the mark reaches the nearer one, then it closes its 0.5 and the stop and the farther take-profit stay, unlinked', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    paper.placeOrder('paper-a', buyEth('1'), SIGNAL_2);
    const trigger = (kind: 'sl' | 'tp', triggerPx: string, size: string, n: number) => ({
      kind,
      triggerPx,
      price: kind === 'sl' ? '2970' : triggerPx,
      size,
      isBuy: false,
      cloid: `0x${String(n).repeat(32)}`,
    });
    const statuses = paper.placeTriggers(
      'paper-a',
      'ETH',
      [trigger('sl', '3300', '1', 3), trigger('tp', '3600', '0.5', 4), trigger('tp', '3700', '0.5', 5)],
      SIGNAL_2,
    );
    expect(statuses.map((status) => status.status)).toEqual(['placed', 'placed', 'placed']);
    expect(paper.openOrders('paper-a').map((o) => [o.trigger?.tpsl, o.trigger?.px, o.sz, o.wholePosition ?? false, o.siblingOids ?? []])).toEqual([
      ['sl', '3300', '1', false, []],
      ['tp', '3600', '0.5', false, []],
      ['tp', '3700', '0.5', false, []],
    ]);

    const fired = paper.setMids({ ETH: 3_605 }).get('paper-a') ?? [];

    expect(fired).toMatchObject([{ isBuy: false, lots: 5_000, dir: 'Close Long' }]);
    expect(paper.signalOf(fired[0] as PaperFill)).toBe(SIGNAL_2);
    expect(paper.snapshot('paper-a').positions).toMatchObject([{ coin: 'ETH', szi: 0.5 }]);
    // The stop keeps its fixed size (the caller refits it); the farther take-profit is untouched.
    expect(paper.openOrders('paper-a').map((o) => [o.trigger?.tpsl, o.trigger?.px, o.sz])).toEqual([
      ['sl', '3300', '1'],
      ['tp', '3700', '0.5'],
    ]);
  });
});
