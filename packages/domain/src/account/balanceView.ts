import { z } from 'zod';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';

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
});
/** A balance view. */
export type BalanceView = z.infer<typeof BalanceViewSchema>;
