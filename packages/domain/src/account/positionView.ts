import { z } from 'zod';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';

/** A position as the api answers and the Positions tab shows it. */
export const PositionViewSchema = z.object({
  positionId: z.string(),
  userId: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  size: z.number(),
  entryPrice: z.number(),
  currentPrice: z.number(),
  unrealizedPnl: z.number(),
  realizedPnl: z.number(),
  leverage: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** `paper` for a paper strategy's position (issue 30); the api always says, absent reads as `live`. */
  venue: StrategyVenueSchema.optional(),
});
/** A position view. */
export type PositionView = z.infer<typeof PositionViewSchema>;

/** A user's positions as GET /api/positions and /api/positions/sync answer them and /api/live pushes them. */
export const PositionListSchema = z.array(PositionViewSchema);
