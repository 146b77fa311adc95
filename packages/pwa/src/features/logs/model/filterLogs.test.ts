import { describe, expect, it } from 'vitest';
import { aLog } from '../logs.fixtures';
import { DEFAULT_LOG_FILTERS, filterLogs, filtersShowing, isDefaultLogFilters, logsInTimeframe, matchesLogSearch } from './filterLogs';
import { TIMEFRAMES, withinTimeframe } from './timeframes';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const ids = (logs: { webhookLogId: string }[]) => logs.map((l) => l.webhookLogId);

describe('log search (VAL-22, TAB-LOGS-15)', () => {
  const log = aLog('sig-AbC123', {
    now: NOW,
    payload: { symbol: 'BINANCE:ETHUSDT.P', coin: 'ETH', action: 'sell', orderType: 'limit', price: 3125.5, comment: 'breakout' },
    error: 'Stop-loss required by your settings',
  });

  it('VAL-22: given any part of symbol, action, orderType, log id, error or payload text, in any case, then it matches', () => {
    for (const query of ['ethusdt', 'SELL', 'Limit', 'abc12', 'STOP-LOSS', 'breakout', '3125.5', '"coin":"eth"', '  binance  '])
      expect([query, matchesLogSearch(log, query)]).toEqual([query, true]);
  });

  it('VAL-22: given text in none of them, then no match; given a blank search, then everything matches', () => {
    expect(matchesLogSearch(log, 'btc')).toBe(false);
    expect(matchesLogSearch(log, 'executed')).toBe(false);
    expect(matchesLogSearch(log, '   ')).toBe(true);
  });

  it('VAL-22: given a malformed alert kept as text, then its text is searched', () => {
    expect(matchesLogSearch(aLog('x', { payload: 'symbol=BTC&side=long' }), 'side=LONG')).toBe(true);
  });
});

describe('timeframes (CONST-01, TAB-LOGS-18..TAB-LOGS-20)', () => {
  it('CONST-01, TAB-LOGS-18, TAB-LOGS-19: 1 hour, 24 hours, 3 days, 7 days and all time, labelled in order; Last 24h by default', () => {
    expect(TIMEFRAMES.map((t) => [t.label, t.ms])).toEqual([
      ['Last 1h', HOUR],
      ['Last 24h', 24 * HOUR],
      ['Last 3d', 72 * HOUR],
      ['Last 7d', 168 * HOUR],
      ['All Time', null],
    ]);
    expect(DEFAULT_LOG_FILTERS.timeframe).toBe('24h');
  });

  it("TAB-LOGS-20: given a log exactly at the window's edge, then it is kept; one millisecond older, then not", () => {
    const at = (ms: number) => new Date(NOW - ms).toISOString();
    for (const [timeframe, ms] of [
      ['1h', HOUR],
      ['24h', 24 * HOUR],
      ['3d', 72 * HOUR],
      ['7d', 168 * HOUR],
    ] as const) {
      expect([timeframe, withinTimeframe(at(ms), timeframe, NOW), withinTimeframe(at(ms + 1), timeframe, NOW)]).toEqual([timeframe, true, false]);
    }
  });

  it('TAB-LOGS-20: All Time keeps everything, even a year old or an unreadable time; a time ahead of the clock counts as recent', () => {
    expect(withinTimeframe(new Date(NOW - 365 * 24 * HOUR).toISOString(), 'all', NOW)).toBe(true);
    expect(withinTimeframe('not a time', 'all', NOW)).toBe(true);
    expect(withinTimeframe('not a time', '7d', NOW)).toBe(false);
    expect(withinTimeframe(new Date(NOW + 5_000).toISOString(), '1h', NOW)).toBe(true);
  });

  it("TAB-LOGS-13 decided: the cards' logs are the timeframe's, whatever the status or search", () => {
    const logs = [aLog('new', { now: NOW, agoMs: HOUR - 1 }), aLog('day', { now: NOW, agoMs: 23 * HOUR }), aLog('old', { now: NOW, agoMs: 25 * HOUR })];
    expect(ids(logsInTimeframe(logs, '1h', NOW))).toEqual(['new']);
    expect(ids(logsInTimeframe(logs, '24h', NOW))).toEqual(['new', 'day']);
  });
});

describe('filters together (TAB-LOGS-16, TAB-LOGS-17, TAB-LOGS-21)', () => {
  const logs = [
    aLog('a', { now: NOW, agoMs: 10 * 60_000, status: 'executed' }),
    aLog('b', { now: NOW, agoMs: 2 * HOUR, status: 'failed', payload: { symbol: 'ETH', action: 'sell' } }),
    aLog('c', { now: NOW, agoMs: 30 * HOUR, status: 'executed' }),
  ];

  it('TAB-LOGS-16, TAB-LOGS-17: given a status, then only logs with it; All keeps every status; the order stays newest first', () => {
    expect(ids(filterLogs(logs, { ...DEFAULT_LOG_FILTERS, status: 'executed', timeframe: 'all' }, NOW))).toEqual(['a', 'c']);
    expect(ids(filterLogs(logs, { ...DEFAULT_LOG_FILTERS, status: 'all' }, NOW))).toEqual(['a', 'b']);
    expect(ids(filterLogs(logs, { search: 'eth', status: 'all', timeframe: '1h' }, NOW))).toEqual([]);
  });

  it('TAB-LOGS-21: the defaults are the only state where Reset Filters is disabled (a blank search counts as empty)', () => {
    expect(DEFAULT_LOG_FILTERS).toEqual({ search: '', status: 'all', timeframe: '24h' });
    expect(isDefaultLogFilters({ ...DEFAULT_LOG_FILTERS, search: '  ' })).toBe(true);
    expect(isDefaultLogFilters({ ...DEFAULT_LOG_FILTERS, search: 'b' })).toBe(false);
    expect(isDefaultLogFilters({ ...DEFAULT_LOG_FILTERS, status: 'received' })).toBe(false);
    expect(isDefaultLogFilters({ ...DEFAULT_LOG_FILTERS, timeframe: '1h' })).toBe(false);
  });

  it('given a deep-linked log the filters hide, then only what hides it changes: All Time for an older log, All and no search when they exclude it', () => {
    const old = logs[2] as (typeof logs)[number];
    expect(filtersShowing(old, DEFAULT_LOG_FILTERS, NOW)).toEqual({ search: '', status: 'all', timeframe: 'all' });
    expect(filtersShowing(old, { search: 'btc', status: 'executed', timeframe: '7d' }, NOW)).toEqual({ search: 'btc', status: 'executed', timeframe: '7d' });
    expect(filtersShowing(old, { search: 'eth', status: 'failed', timeframe: '1h' }, NOW)).toEqual({ search: '', status: 'all', timeframe: 'all' });
  });
});
