import { z } from 'zod';

/**
 * A round trip (issue 43): a strategy's position in a coin from flat to flat. Adds and partial
 * exits belong to it; a flip closes it and opens the next with the rest of the fill. Prices are
 * size-weighted averages and money is decimal text in USD; `netPnl` = `grossPnl` − `fees` + `funding`.
 */
export const RoundTripSchema = z.object({
  strategyId: z.string(),
  coin: z.string(),
  side: z.enum(['long', 'short']),
  openedAt: z.string(),
  /** Null while the position is still open. */
  closedAt: z.string().nullable(),
  /** The largest size held during the trade, in coins. */
  size: z.string(),
  /** What is still held, in coins: "0" once closed. */
  openSize: z.string(),
  /** The average entry of what is still held, what its open P&L counts from ("0" once closed). */
  openEntryPx: z.string(),
  entryPx: z.string(),
  /** Null while nothing was closed yet. */
  exitPx: z.string().nullable(),
  /** Realised on what was closed so far. */
  grossPnl: z.string(),
  fees: z.string(),
  funding: z.string(),
  netPnl: z.string(),
  /** closedAt − openedAt; null while open. */
  durationMs: z.number().nullable(),
  /** The alerts whose fills opened or added to it, and those that reduced or closed it, each once. */
  openedBy: z.array(z.string()),
  closedBy: z.array(z.string()),
  /**
   * Execution quality (issue 43), where the alerts carried a signal price: how much worse the
   * entry (and the exit) filled than the alert's price, in basis points (negative: better), and
   * the time from the opening alert's receipt to the first fill.
   */
  entrySlippageBps: z.number().optional(),
  exitSlippageBps: z.number().optional(),
  alertToFillMs: z.number().optional(),
});
/** A round trip. */
export type RoundTrip = z.infer<typeof RoundTripSchema>;

/**
 * The figures of a set of closed trades (issue 43, point 1), as traders compare bots by them.
 * Money is decimal text in USD; ratios are numbers, null when there is nothing to divide by.
 */
export const TradeSummarySchema = z.object({
  trades: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Closed trades whose net P&L is above zero, over closed trades. */
  winRate: z.number().nullable(),
  netPnl: z.string(),
  grossPnl: z.string(),
  fees: z.string(),
  funding: z.string(),
  /** What the winners made over what the losers lost; null without a loss. */
  profitFactor: z.number().nullable(),
  averageWin: z.string().nullable(),
  averageLoss: z.string().nullable(),
  /** Net P&L per trade. */
  expectancy: z.string().nullable(),
  largestWin: z.string().nullable(),
  largestLoss: z.string().nullable(),
  /** The deepest fall of realised equity from a peak, trade by trade, as a positive amount ("0" without one). */
  maxDrawdown: z.string(),
  /** The deepest fall of equity counting open P&L, marked at every fill and positions snapshot, as a positive amount. */
  maxDrawdownWithOpen: z.string(),
  /** The mean of the trades' entry and exit slippage against their alerts' prices; absent when no alert carried one. */
  averageSlippageBps: z.number().optional(),
  /** The mean time from an opening alert to its first fill; absent when no trade's alert is known. */
  averageAlertToFillMs: z.number().optional(),
});
/** Trade figures. */
export type TradeSummary = z.infer<typeof TradeSummarySchema>;

/** One point of the realised equity curve: the net P&L summed up to a trade's close. */
export const EquityPointSchema = z.object({ at: z.string(), equity: z.string() });
/** An equity point. */
export type EquityPoint = z.infer<typeof EquityPointSchema>;
