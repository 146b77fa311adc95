import { describe, expect, it } from 'vitest';
import { positionView } from '../../test/fixtures';
import { DEFAULT_POSITION_FILTERS, filterPositions, isDefaultFilters, SIDE_OPTIONS, sortPositions, SORT_OPTIONS, visiblePositions } from './positionFilters';

const btc = positionView({
  positionId: 'BTC-long-1',
  symbol: 'BTC',
  side: 'long',
  size: 0.01,
  currentPrice: 60_000,
  unrealizedPnl: 10,
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const eth = positionView({
  positionId: 'ETH-short-7',
  symbol: 'ETH',
  side: 'short',
  size: 2,
  currentPrice: 3000,
  unrealizedPnl: -40,
  updatedAt: '2026-11-24T12:00:00.000Z',
});
const sol = positionView({
  positionId: 'SOL-long-3',
  symbol: 'SOL',
  side: 'long',
  size: 20,
  currentPrice: 150,
  unrealizedPnl: 55,
  updatedAt: '2026-11-24T11:00:00.000Z',
});
const all = [btc, eth, sol];
const symbols = (list: readonly { symbol: string }[]) => list.map((p) => p.symbol);

describe('positions filters (TAB-POS-14..TAB-POS-20)', () => {
  it('TAB-POS-15, TAB-POS-16: the options, in order', () => {
    expect(SIDE_OPTIONS.map((o) => o.label)).toEqual(['All Sides', 'Long Only', 'Short Only']);
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Latest Update', 'Highest P&L', 'Largest Size']);
  });

  it('TAB-POS-14, VAL-23, VAL-24: the search matches symbol or position id, case-insensitively, ignoring surrounding spaces', () => {
    expect(symbols(filterPositions(all, { search: 'eth', side: 'all' }))).toEqual(['ETH']);
    expect(symbols(filterPositions(all, { search: ' long-3 ', side: 'all' }))).toEqual(['SOL']);
    expect(symbols(filterPositions(all, { search: 'LONG', side: 'all' }))).toEqual(['BTC', 'SOL']);
    expect(filterPositions(all, { search: 'doge', side: 'all' })).toEqual([]);
  });

  it('TAB-POS-15: Long Only keeps longs, Short Only keeps shorts, All Sides keeps both', () => {
    expect(symbols(filterPositions(all, { search: '', side: 'long' }))).toEqual(['BTC', 'SOL']);
    expect(symbols(filterPositions(all, { search: '', side: 'short' }))).toEqual(['ETH']);
    expect(filterPositions(all, { search: '', side: 'all' })).toHaveLength(3);
  });

  it('TAB-POS-17, TAB-POS-18: Latest Update is updatedAt newest first; Highest P&L is unrealized P&L; Largest Size is notional', () => {
    expect(symbols(sortPositions(all, 'latest'))).toEqual(['ETH', 'SOL', 'BTC']);
    expect(symbols(sortPositions(all, 'pnl'))).toEqual(['SOL', 'BTC', 'ETH']);
    // notional: ETH 6000, SOL 3000, BTC 600 (size alone would put SOL first)
    expect(symbols(sortPositions(all, 'size'))).toEqual(['ETH', 'SOL', 'BTC']);
  });

  it('given equal keys, then the latest update decides, so the order is stable', () => {
    const twin = { ...sol, positionId: 'AVAX-1', symbol: 'AVAX', unrealizedPnl: 10, updatedAt: '2026-11-24T13:00:00.000Z' };
    expect(symbols(sortPositions([btc, twin], 'pnl'))).toEqual(['AVAX', 'BTC']);
  });

  it('TAB-POS-19, TAB-POS-20: defaults are no search, All Sides and Latest Update; anything else is not default', () => {
    expect(DEFAULT_POSITION_FILTERS).toEqual({ search: '', side: 'all', sort: 'latest' });
    expect(isDefaultFilters(DEFAULT_POSITION_FILTERS)).toBe(true);
    expect(isDefaultFilters({ ...DEFAULT_POSITION_FILTERS, search: '  ' })).toBe(true);
    expect(isDefaultFilters({ ...DEFAULT_POSITION_FILTERS, search: 'b' })).toBe(false);
    expect(isDefaultFilters({ ...DEFAULT_POSITION_FILTERS, side: 'short' })).toBe(false);
    expect(isDefaultFilters({ ...DEFAULT_POSITION_FILTERS, sort: 'size' })).toBe(false);
  });

  it('filters then sorts', () => {
    expect(symbols(visiblePositions(all, { search: 'long', side: 'long', sort: 'pnl' }))).toEqual(['SOL', 'BTC']);
    expect(symbols(visiblePositions(all, { search: '', side: 'long', sort: 'latest' }))).toEqual(['SOL', 'BTC']);
  });
});
