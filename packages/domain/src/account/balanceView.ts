import { z } from 'zod';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';

/**
 * A paper account's latest liquidation in its current run (issue 30): the position the paper venue
 * closed at the mark once the account no longer covered its maintenance margin.
 */
export const PaperLiquidationViewSchema = z.object({
  coin: z.string(),
  side: z.enum(['long', 'short']),
  /** Size closed, in coins. */
  size: z.number(),
  /** The mark it was closed at. */
  price: z.number(),
  /** The closing fill's realised P&L (before its fee). */
  realizedPnl: z.number(),
  at: z.string(),
});
/** A paper liquidation as the views show it. */
export type PaperLiquidationView = z.infer<typeof PaperLiquidationViewSchema>;

/** A user's latest balances, as stored in the balances read model and answered by `GET /api/balance`. */
export const BalanceViewSchema = z.object({
  availableBalance: z.number(),
  totalEquity: z.number(),
  marginUsed: z.number(),
  totalNotional: z.number(),
  withdrawable: z.number().nullable(),
  spotUsdc: z.number().nullable(),
  /** When the exchange snapshot was taken (ISO-8601). */
  updatedAt: z.string(),
  /** `paper` for a paper strategy's account (issue 30); the api always says, absent reads as `live`. */
  venue: StrategyVenueSchema.optional(),
  /** A paper account's latest liquidation in its run, when it had one; never on the live account's balance. */
  lastLiquidation: PaperLiquidationViewSchema.optional(),
});
/** A balance view. */
export type BalanceView = z.infer<typeof BalanceViewSchema>;
