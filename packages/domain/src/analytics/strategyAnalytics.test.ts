import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../eventModel/domainEvent.js';
import { AnalyticsAnswerSchema, AnalyticsQuerySchema, strategyAnalytics } from './strategyAnalytics.js';

const at = (minutes: number): string => new Date(Date.parse('2026-12-01T10:00:00.000Z') + minutes * 60_000).toISOString();
let tid = 1;
const liveFill = (minutes: number, side: 'B' | 'A', sz: string, px: string, extra: { strategyId?: string; tid?: number } = {}): DomainEvent => ({
  type: 'FillRecorded',
  v: 1,
  data: {
    coin: 'ETH',
    px,
    sz,
    side,
    time: at(minutes),
    oid: 1,
    tid: extra.tid ?? tid++,
    closedPnl: '0',
    fee: '0.5',
    dir: side === 'B' ? 'Open Long' : 'Close Long',
    ...(extra.strategyId !== undefined ? { strategyId: extra.strategyId } : {}),
  },
});
const paperFill = (minutes: number, side: 'B' | 'A', px: string, epoch: number): DomainEvent => ({
  type: 'PaperFillRecorded',
  v: 1,
  data: { coin: 'BTC', px, sz: '1', side, time: at(minutes), oid: 1, tid: tid++, closedPnl: '0', fee: '0', dir: 'Open Long', strategyId: 'st_p', epoch },
});
const query = (raw: Record<string, string> = {}) => AnalyticsQuerySchema.parse(raw);

describe('strategyAnalytics (issue 43, point 1)', () => {
  const events = [
    liveFill(0, 'B', '1', '100'),
    liveFill(10, 'A', '1', '110'),
    liveFill(20, 'B', '1', '100', { strategyId: 'st_b' }),
    liveFill(30, 'A', '1', '90', { strategyId: 'st_b' }),
    liveFill(40, 'B', '1', '100'),
    liveFill(50, 'A', '1', '105'),
    // The same venue trade read again: counted once.
    liveFill(50, 'A', '1', '105', { tid: tid - 1 }),
    liveFill(60, 'B', '2', '100'),
  ];

  it('given live fills of two strategies, when the first strategy is asked (fills without one are its), then its trades, figures and curve, the open trade listed', () => {
    const answer = strategyAnalytics(events, query({ strategyId: 'main' }));
    expect(AnalyticsAnswerSchema.parse(answer)).toEqual(answer);
    expect(answer.trades.map((trade) => [trade.netPnl, trade.closedAt])).toEqual([
      ['9', at(10)],
      ['4', at(50)],
      // Open: only its entry fee so far.
      ['-0.5', null],
    ]);
    expect(answer.summary).toMatchObject({ trades: 2, wins: 2, netPnl: '13', fees: '2' });
    expect(answer.equityCurve).toEqual([
      { at: at(10), equity: '9' },
      { at: at(50), equity: '13' },
    ]);
  });

  it('given a period, when asked, then trades are picked by their close and an open trade is left out of a period that ended', () => {
    const answer = strategyAnalytics(events, query({ from: at(25), to: at(55) }));
    expect(answer.trades.map((trade) => [trade.strategyId, trade.netPnl])).toEqual([
      ['st_b', '-11'],
      ['main', '4'],
    ]);
    expect(answer.summary).toMatchObject({ trades: 2, wins: 1, losses: 1, netPnl: '-7', profitFactor: 4 / 11 });
  });

  it('given a paper strategy reset, when paper is asked, then only its current run counts, and live fills never do', () => {
    const paper = [paperFill(0, 'B', '100', 0), paperFill(5, 'A', '50', 0), paperFill(10, 'B', '100', 1), paperFill(15, 'A', '120', 1), ...events];
    const answer = strategyAnalytics(paper, query({ venue: 'paper' }));
    expect(answer.trades.map((trade) => [trade.strategyId, trade.netPnl])).toEqual([['st_p', '20']]);
  });

  it('given live funding recorded per strategy (issue 43), when the live venue is asked, then it counts to the open trade of its strategy and coin, and a part no strategy held to none', () => {
    const funding = (minutes: number, usdc: string, strategyId?: string): DomainEvent => ({
      type: 'FundingPaid',
      v: 1,
      data: { coin: 'ETH', usdc, szi: '1', fundingRate: '0.0001', time: at(minutes), ...(strategyId !== undefined ? { strategyId } : {}) },
    });
    const live = [
      liveFill(0, 'B', '1', '100', { strategyId: 'st_f' }),
      funding(5, '-0.25', 'st_f'),
      funding(5, '-7'),
      liveFill(10, 'A', '1', '110', { strategyId: 'st_f' }),
    ];

    const answer = strategyAnalytics(live, query({ strategyId: 'st_f' }));

    expect(answer.trades.map((trade) => [trade.netPnl, trade.funding])).toEqual([['8.75', '-0.25']]);
    expect(strategyAnalytics(live, query({ strategyId: 'st_f', venue: 'paper' })).trades).toEqual([]);
  });

  it('given a query with an unknown field or a bad instant, then it is refused by name', () => {
    expect(AnalyticsQuerySchema.safeParse({ strategyId: 'main', since: at(0) }).success).toBe(false);
    expect(AnalyticsQuerySchema.safeParse({ from: 'yesterday' }).error?.issues[0]?.path).toEqual(['from']);
  });

  it('given a long that fell below its entry in a positions snapshot before it closed in profit, then the realised drawdown is none and the one with open P&L is the fall the snapshot saw', () => {
    const snapshot: DomainEvent = {
      type: 'PositionsSnapshotTaken',
      v: 2,
      data: { at: at(5), source: 'sync', positions: [{ coin: 'ETH', szi: '1', entryPx: '100', positionValue: '92', markPx: null }] },
    };
    const answer = strategyAnalytics([liveFill(0, 'B', '1', '100'), snapshot, liveFill(10, 'A', '1', '110')], query({ strategyId: 'main' }));

    expect(answer.summary).toMatchObject({ netPnl: '9', maxDrawdown: '0', maxDrawdownWithOpen: '8.5' });
    expect(AnalyticsAnswerSchema.parse(answer)).toEqual(answer);
  });
});
