import { z } from 'zod';
import { Dec, decimalToWire } from '../../exchange/decimal.js';
import { RoundTripSchema, type RoundTrip } from '../analyticsSchemas.js';
import { BacktestTradeSchema, type BacktestTrade } from './tradingViewTrades.js';

/** How far apart a backtest entry and a live entry may be and still be one trade, by default: a TradingView alert fires at the bar the backtest fills on. */
export const DEFAULT_MATCH_MINUTES = 5;

/** What a webhook log of the strategy says, for telling why a backtest trade was missed. */
export interface LogForComparison {
  readonly createdAt: string;
  readonly status: string;
  readonly error?: string;
  readonly guard?: string;
}

/** The comparison of a backtest with what the strategy did (issue 43, point 2). */
export const BacktestComparisonSchema = z.object({
  matched: z.array(
    z.object({
      backtest: BacktestTradeSchema,
      live: RoundTripSchema,
      /** How much worse live entered than the backtest, in basis points of its price (negative: better). */
      entrySlippageBps: z.number(),
      /** The same for the exit; null while either is open. */
      exitSlippageBps: z.number().nullable(),
      /** Live net P&L less the backtest's P&L: sizes may differ, so read it with the returns below. */
      pnlDifference: z.string().nullable(),
      /** Each side's P&L over its entry notional, in percent; null while open. */
      backtestReturnPct: z.number().nullable(),
      liveReturnPct: z.number().nullable(),
    }),
  ),
  /** Backtest trades live did not make, with the reason the strategy's log gives. */
  missed: z.array(z.object({ backtest: BacktestTradeSchema, reason: z.string() })),
  /** Live trades the backtest did not have. */
  extra: z.array(RoundTripSchema),
  totals: z.object({
    backtest: z.object({ trades: z.number().int(), pnl: z.string() }),
    live: z.object({ trades: z.number().int(), netPnl: z.string() }),
  }),
});
/** A backtest comparison. */
export type BacktestComparison = z.infer<typeof BacktestComparisonSchema>;

/** Signed so that positive is worse for the trade: a long pays more or sells for less, a short the other way. */
function slippageBps(side: 'long' | 'short', opening: boolean, backtestPx: string, livePx: string): number {
  const diff = new Dec(livePx).minus(backtestPx).div(backtestPx).times(10_000);
  const buying = (side === 'long') === opening;
  return (buying ? diff : diff.negated()).toDecimalPlaces(2).toNumber();
}

const returnPct = (pnl: string | null, px: string, size: string): number | null =>
  pnl === null ? null : new Dec(pnl).div(new Dec(px).times(size)).times(100).toDecimalPlaces(4).toNumber();

/** Why the strategy made no trade near `at`: the nearest log's outcome, or that no alert came. */
function missedReason(at: number, logs: readonly LogForComparison[], windowMs: number): string {
  const near = logs
    .filter((log) => Math.abs(Date.parse(log.createdAt) - at) <= windowMs)
    .sort((a, b) => Math.abs(Date.parse(a.createdAt) - at) - Math.abs(Date.parse(b.createdAt) - at))[0];
  if (near === undefined) return 'No alert arrived.';
  if (near.guard !== undefined) return `Held back by a guard: ${near.error ?? near.guard}`;
  if (near.status === 'failed') return `The alert failed: ${near.error ?? 'no reason recorded'}`;
  if (near.status === 'executed') return 'The alert executed, but opened no trade of this side.';
  return `The alert is still ${near.status.replace('_', ' ')}.`;
}

/**
 * Matches a backtest's trades to the strategy's trades (issue 43, point 2): a backtest trade and a
 * live one are the same when they are of one side and entered within `windowMinutes` of each
 * other; each is matched once, in time order, the nearest entry first and the nearer size on a
 * tie. What the backtest had and live did not is told with the reason from the strategy's log
 * near its entry; what live did and the backtest did not is listed as extra.
 */
export function compareBacktest(
  backtest: readonly BacktestTrade[],
  live: readonly RoundTrip[],
  logs: readonly LogForComparison[],
  windowMinutes = DEFAULT_MATCH_MINUTES,
): BacktestComparison {
  const windowMs = windowMinutes * 60_000;
  const unmatched = new Set(live);
  const matched: BacktestComparison['matched'] = [];
  const missed: BacktestComparison['missed'] = [];
  for (const trade of [...backtest].sort((a, b) => Date.parse(a.entryAt) - Date.parse(b.entryAt))) {
    const at = Date.parse(trade.entryAt);
    const distance = (trip: RoundTrip) => Math.abs(Date.parse(trip.openedAt) - at);
    const sizeGap = (trip: RoundTrip) => new Dec(trip.size).minus(trade.size).abs().toNumber();
    const candidate = [...unmatched]
      .filter((trip) => trip.side === trade.side && distance(trip) <= windowMs)
      .sort((a, b) => distance(a) - distance(b) || sizeGap(a) - sizeGap(b))[0];
    if (candidate === undefined) {
      missed.push({ backtest: trade, reason: missedReason(at, logs, windowMs) });
      continue;
    }
    unmatched.delete(candidate);
    const closed = candidate.closedAt !== null && candidate.exitPx !== null;
    matched.push({
      backtest: trade,
      live: candidate,
      entrySlippageBps: slippageBps(trade.side, true, trade.entryPx, candidate.entryPx),
      exitSlippageBps: closed && trade.exitPx !== null && candidate.exitPx !== null ? slippageBps(trade.side, false, trade.exitPx, candidate.exitPx) : null,
      pnlDifference: closed && trade.pnl !== null ? decimalToWire(new Dec(candidate.netPnl).minus(trade.pnl)) : null,
      backtestReturnPct: returnPct(trade.exitAt === null ? null : trade.pnl, trade.entryPx, trade.size),
      liveReturnPct: returnPct(closed ? candidate.netPnl : null, candidate.entryPx, candidate.size),
    });
  }
  const sum = (values: readonly string[]) => decimalToWire(values.reduce((total, value) => total.plus(value), new Dec(0)));
  const closedLive = live.filter((trip) => trip.closedAt !== null);
  return {
    matched,
    missed,
    extra: live.filter((trip) => unmatched.has(trip)),
    totals: {
      backtest: { trades: backtest.length, pnl: sum(backtest.flatMap((trade) => (trade.pnl === null || trade.exitAt === null ? [] : [trade.pnl]))) },
      live: { trades: live.length, netPnl: sum(closedLive.map((trip) => trip.netPnl)) },
    },
  };
}
