import { z } from 'zod';
import { instantOfWallTime } from '../../shared/wallClock.js';

/** One trade of a TradingView Strategy Tester export (issue 43, point 2). Prices and sizes as decimal text. */
export const BacktestTradeSchema = z.object({
  /** The export's trade number. */
  number: z.number().int().positive(),
  side: z.enum(['long', 'short']),
  entryAt: z.string(),
  entryPx: z.string(),
  /** Null for a trade still open at the end of the backtest (its exit row reads "Open"). */
  exitAt: z.string().nullable(),
  exitPx: z.string().nullable(),
  /** Contracts (coins) as the backtest sized it. */
  size: z.string(),
  /** The export's P&L of the trade, in the chart's currency; null when the export has none. */
  pnl: z.string().nullable(),
});
/** A backtest trade. */
export type BacktestTrade = z.infer<typeof BacktestTradeSchema>;

/** What reading an export gave: its trades, oldest first, and the rows it could not read, by number and why. */
export type ParsedBacktest =
  | { readonly ok: true; readonly trades: BacktestTrade[]; readonly skipped: { readonly row: number; readonly reason: string }[] }
  | { readonly ok: false; readonly message: string };

/** The columns the comparison needs, found by name in either generation of the export. */
type Column = 'number' | 'type' | 'time' | 'price' | 'size' | 'pnl';

/**
 * Header names of both export generations, with any currency suffix ("Price USDT", "Net P&L USD"):
 * the older "Trade #, Type, Signal, Date/Time, Price, Contracts, Profit, …" and the newer "Trade
 * number, Type, Date and time, Signal, Price, Size (qty), Net PnL, …". Percent and cumulative
 * columns never match.
 */
const HEADERS: Readonly<Record<Column, RegExp>> = {
  number: /^trade\s*(#|no\.?|number)$/i,
  type: /^type$/i,
  time: /^date\s*(\/|and)\s*time$/i,
  price: /^price(\s+[a-z]{2,6})?$/i,
  size: /^(contracts|quantity|qty|(position\s+)?size\s*\(qty\))$/i,
  pnl: /^(net\s+)?(profit|p&l|pnl)(\s+[a-z]{2,6})?$/i,
};

/** "2024-01-02 09:30", with or without seconds, or with a T; read on the chart's wall clock. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function instantOf(text: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(text.trim());
  if (match === null) {
    // An instant with its own zone (ISO 8601 with Z or an offset) needs no chart zone.
    return /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) && Number.isFinite(Date.parse(text)) ? new Date(Date.parse(text)).toISOString() : null;
  }
  const [, year, month, day, hour, minute, second] = match.map(Number) as [number, number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const instant = instantOfWallTime(Date.UTC(year, month - 1, day), hour * 60 + minute, timeZone) + (Number.isNaN(second) ? 0 : second * 1000);
  return new Date(instant).toISOString();
}

/** A number cell as decimal text: thousands separators and the typographic minus read, a dash or blank is none. */
function decimalOf(text: string | undefined): string | null {
  const cleaned = (text ?? '')
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/[,\s]/g, '');
  if (cleaned === '' || /^[\u2014\u2013-]$/.test(cleaned)) return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? cleaned : null;
}

/** One half of a trade: its entry or exit row. */
interface Half {
  readonly row: number;
  readonly exit: boolean;
  readonly side: 'long' | 'short';
  readonly at: string | null;
  readonly px: string | null;
  readonly size: string | null;
  readonly pnl: string | null;
}

function halfOf(cells: readonly string[], at: Readonly<Record<Column, number>>, row: number, timeZone: string): Half | string {
  const type = (cells[at.type] ?? '').trim().toLowerCase();
  const exit = type.startsWith('exit');
  if (!exit && !type.startsWith('entry')) return `"${cells[at.type] ?? ''}" is neither an entry nor an exit`;
  const side = type.includes('long') ? 'long' : type.includes('short') ? 'short' : null;
  if (side === null) return `"${cells[at.type] ?? ''}" names no side`;
  const timeText = (cells[at.time] ?? '').trim();
  // A trade open at the end of the backtest has an exit row whose time reads "Open".
  if (exit && timeText.toLowerCase() === 'open') return { row, exit, side, at: null, px: null, size: null, pnl: null };
  const time = instantOf(timeText, timeZone);
  if (time === null) return `cannot read "${timeText}" as a date and time`;
  const px = decimalOf(cells[at.price]);
  if (px === null) return `cannot read the price "${cells[at.price] ?? ''}"`;
  return { row, exit, side, at: time, px, size: decimalOf(cells[at.size]), pnl: at.pnl < 0 ? null : decimalOf(cells[at.pnl]) };
}

/**
 * Reads a TradingView Strategy Tester "List of trades" export (issue 43, point 2): rows already
 * split into cells (the first is the header), times read on the chart's wall clock `timeZone`
 * (the export names none). Each trade has an entry and an exit row under one trade number, the
 * exit first in the export; both generations of columns are read. A row that cannot be read is
 * skipped and named; a trade without its entry is skipped. Answers the trades oldest first.
 */
export function parseTradingViewTrades(rows: readonly (readonly string[])[], timeZone: string): ParsedBacktest {
  const [header, ...body] = rows;
  if (header === undefined) return { ok: false, message: 'The file is empty.' };
  const found = Object.fromEntries(
    (Object.keys(HEADERS) as Column[]).map((column) => [column, header.findIndex((name) => HEADERS[column].test(name.trim()))]),
  ) as Record<Column, number>;
  const missing = (['number', 'type', 'time', 'price', 'size'] as const).filter((column) => found[column] < 0);
  if (missing.length > 0)
    return {
      ok: false,
      message: `Not a TradingView "List of trades" export: no ${missing.join(', ')} column. Export it from the Strategy Tester's List of trades.`,
    };
  const halves = new Map<number, { entry?: Half; exit?: Half }>();
  const skipped: { row: number; reason: string }[] = [];
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const number = Number((cells[found.number] ?? '').trim());
    if (!Number.isInteger(number) || number < 1) return void skipped.push({ row, reason: `no trade number` });
    const half = halfOf(cells, found, row, timeZone);
    if (typeof half === 'string') return void skipped.push({ row, reason: half });
    const pair = halves.get(number) ?? {};
    pair[half.exit ? 'exit' : 'entry'] = half;
    halves.set(number, pair);
  });
  const trades: BacktestTrade[] = [];
  for (const [number, { entry, exit }] of halves) {
    if (entry === undefined || entry.at === null || entry.px === null) {
      skipped.push({ row: exit?.row ?? 0, reason: `trade ${number} has no entry row` });
      continue;
    }
    const size = entry.size ?? exit?.size ?? null;
    if (size === null) {
      skipped.push({ row: entry.row, reason: `trade ${number} has no size` });
      continue;
    }
    trades.push({
      number,
      side: entry.side,
      entryAt: entry.at,
      entryPx: entry.px,
      exitAt: exit?.at ?? null,
      exitPx: exit?.px ?? null,
      size,
      // The newer export repeats the trade's P&L on both rows; the older has it on the exit only.
      pnl: exit?.pnl ?? entry.pnl,
    });
  }
  trades.sort((a, b) => Date.parse(a.entryAt) - Date.parse(b.entryAt) || a.number - b.number);
  return { ok: true, trades, skipped: skipped.sort((a, b) => a.row - b.row) };
}
