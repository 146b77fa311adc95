import { describe, expect, it } from 'vitest';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import { PaperVenue, paperFillAsVenueFill, type RecordedPaperFill, type RecordedPaperFunding } from './paperVenue.js';

const asset = (coin: string, assetId: number, szDecimals: number, maxLeverage: number): PerpAsset => ({
  coin,
  assetId,
  szDecimals,
  maxLeverage,
  isolatedOnly: false,
  delisted: false,
});
const ASSETS = [asset('BTC', 0, 5, 40), asset('ETH', 1, 4, 25)];
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

  it('issue 30, point 1: an order that would rest (GTC) or carries take-profit / stop-loss is refused, never kept in memory only', () => {
    const paper = venue();
    paper.restore('paper-a', 10_000, []);
    expect(paper.placeOrder('paper-a', buyEth('1', { tif: 'Gtc' })).outcome).toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('fill at once'),
    });
    expect(paper.snapshot('paper-a').positions).toEqual([]);
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
