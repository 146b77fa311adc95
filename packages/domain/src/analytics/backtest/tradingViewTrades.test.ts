import { describe, expect, it } from 'vitest';
import { parseTradingViewTrades } from './tradingViewTrades.js';

/** Fixtures without quoted cells: a comma split is the CSV reader the api uses, for these. */
const rowsOf = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(','));

/** The older export: exit row first, P&L on the exit row, "Contracts". A realistic fixture of an ETH strategy on a New York chart. */
const OLDER = `Trade #,Type,Signal,Date/Time,Price USDT,Contracts,Profit USDT,Profit %,Cum. Profit USDT,Cum. Profit %,Run-up USDT,Run-up %,Drawdown USDT,Drawdown %
3,Exit Short,Open,Open,,0.5,,,,,,,,
3,Entry Short,Short,2026-11-03 10:00,3150.2,0.5,,,,,,,,
2,Exit Long,Close,2026-11-02 16:30,3098.5,0.5,−25.75,−1.64,34.75,0.35,12.1,0.77,−30.2,−1.92
2,Entry Long,Long,2026-11-02 09:30,3150,0.5,,,,,,,,
1,Exit Long,Close,2026-11-01 15:00,3121,0.5,60.5,4.03,60.5,0.61,70,4.66,−5,−0.33
1,Entry Long,Long,2026-11-01 09:30,3000,0.5,,,,,,,,`;

/** The newer export: "Trade number", "Date and time", "Size (qty)", net P&L on both rows, seconds in the time. */
const NEWER = `Trade number,Type,Date and time,Signal,Price USDT,Size (qty),Size (value),Net P&L USDT,Net P&L %,Favorable excursion USDT,Favorable excursion %,Adverse excursion USDT,Adverse excursion %,Cumulative P&L USDT,Cumulative P&L %
1,Exit long,2026-03-08 03:30:00,Close,2010,1.5,3015,14.2,0.47,20,0.66,-3,-0.1,14.2,0.14
1,Entry long,2026-03-08 01:30:00,Long,2000,1.5,3000,14.2,0.47,20,0.66,-3,-0.1,14.2,0.14`;

describe('parseTradingViewTrades (issue 43, point 2)', () => {
  it('given the older export on a New York chart, then each trade from its two rows, oldest first, the open one without exit', () => {
    const parsed = parseTradingViewTrades(rowsOf(OLDER), 'America/New_York');
    if (!parsed.ok) throw new Error(parsed.message);

    expect(parsed.skipped).toEqual([]);
    expect(parsed.trades).toEqual([
      {
        number: 1,
        side: 'long',
        entryAt: '2026-11-01T14:30:00.000Z',
        entryPx: '3000',
        exitAt: '2026-11-01T20:00:00.000Z',
        exitPx: '3121',
        size: '0.5',
        pnl: '60.5',
      },
      // New York left daylight saving at 02:00 on 2026-11-01: these times are EST, UTC−5.
      {
        number: 2,
        side: 'long',
        entryAt: '2026-11-02T14:30:00.000Z',
        entryPx: '3150',
        exitAt: '2026-11-02T21:30:00.000Z',
        exitPx: '3098.5',
        size: '0.5',
        pnl: '-25.75',
      },
      { number: 3, side: 'short', entryAt: '2026-11-03T15:00:00.000Z', entryPx: '3150.2', exitAt: null, exitPx: null, size: '0.5', pnl: null },
    ]);
  });

  it('given the newer export, then its columns are read alike, with seconds, across the spring daylight-saving change', () => {
    const parsed = parseTradingViewTrades(rowsOf(NEWER), 'America/New_York');
    if (!parsed.ok) throw new Error(parsed.message);

    // 01:30 is still EST (UTC−5); 03:30 is already EDT (UTC−4).
    expect(parsed.trades).toEqual([
      {
        number: 1,
        side: 'long',
        entryAt: '2026-03-08T06:30:00.000Z',
        entryPx: '2000',
        exitAt: '2026-03-08T07:30:00.000Z',
        exitPx: '2010',
        size: '1.5',
        pnl: '14.2',
      },
    ]);
  });

  it('given rows it cannot read, then they are skipped and named by row, and the rest are read', () => {
    const text = `${NEWER}\n2,Entry long,yesterday,Long,2000,1,,,,,,,,,\n3,Stop,2026-03-09 10:00:00,x,1,1,,,,,,,,,\n4,Exit short,2026-03-09 10:00:00,Close,1,1,,,,,,,,,`;
    const parsed = parseTradingViewTrades(rowsOf(text), 'UTC');
    if (!parsed.ok) throw new Error(parsed.message);

    expect(parsed.trades.map((trade) => trade.number)).toEqual([1]);
    expect(parsed.skipped).toEqual([
      { row: 4, reason: 'cannot read "yesterday" as a date and time' },
      { row: 5, reason: '"Stop" is neither an entry nor an exit' },
      { row: 6, reason: 'trade 4 has no entry row' },
    ]);
  });

  it('given a file that is not such an export, then it is refused with what is missing', () => {
    const parsed = parseTradingViewTrades([['time', 'symbol', 'side']], 'UTC');
    expect(parsed).toEqual({
      ok: false,
      message: 'Not a TradingView "List of trades" export: no number, type, time, price, size column. Export it from the Strategy Tester\'s List of trades.',
    });
    expect(parseTradingViewTrades([], 'UTC')).toEqual({ ok: false, message: 'The file is empty.' });
  });
});
