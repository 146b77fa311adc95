import { describe, expect, it } from 'vitest';
import { ALL_TRADES, coinsOf, visibleTrades } from './tradeFilters';
import { roundTrip, winThenLoss } from './performance.fixtures';

const [win, loss] = winThenLoss.trades as [ReturnType<typeof roundTrip>, ReturnType<typeof roundTrip>];
const open = roundTrip({ coin: 'SOL', closedAt: null, exitPx: null, durationMs: null, netPnl: '0' });

describe('the trade list’s filters (issue 43, point 4)', () => {
  it('given no filter, then every trade, the open one first, then the latest closed', () => {
    expect(visibleTrades([win, loss, open], ALL_TRADES).map((trade) => trade.coin)).toEqual(['SOL', 'BTC', 'ETH']);
  });

  it('given a coin, a side or an outcome, then only those trades; an open trade neither won nor lost', () => {
    expect(visibleTrades([win, loss, open], { ...ALL_TRADES, coin: 'ETH' })).toEqual([win]);
    expect(visibleTrades([win, loss, open], { ...ALL_TRADES, side: 'short' })).toEqual([loss]);
    expect(visibleTrades([win, loss, open], { ...ALL_TRADES, outcome: 'won' })).toEqual([win]);
    expect(visibleTrades([win, loss, open], { ...ALL_TRADES, outcome: 'lost' })).toEqual([loss]);
  });

  it('given the trades, then their coins once each, sorted', () => {
    expect(coinsOf([win, loss, open, win])).toEqual(['BTC', 'ETH', 'SOL']);
  });
});
