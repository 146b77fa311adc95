import { z } from 'zod';
import { NetworkSchema } from './orderPreview.js';

/**
 * `GET /api/exchange-budget`: how much of the venue's per-IP request weight (1,200 a minute on
 * Hyperliquid) this server used in the last minute on the user's network, for the Positions tab.
 * The budget is the server's, shared by every user: a high share warns that orders may queue.
 */
export const ExchangeBudgetViewSchema = z.object({
  network: NetworkSchema,
  usedWeight: z.number().int().min(0),
  budgetPerMinute: z.number().int().min(1),
  /** usedWeight / budgetPerMinute as a whole percent (may pass 100 when the venue's own count is behind). */
  percentOfMinute: z.number().int().min(0),
  /**
   * Requests to the venue that had to wait for room in this budget in the last minute, whatever
   * their priority (orders go first, then the reads they need, then the app's, then the rest).
   * Above 0, balances and positions the app reads may come a few seconds late.
   */
  waitsLastMinute: z.number().int().min(0),
  /** 429 answers from the venue since the server started. */
  rateLimited: z.number().int().min(0),
  /** Whether mid prices arrive over the venue's WebSocket (false: read over REST, at most once a second). */
  marketSocketLive: z.boolean(),
  /**
   * The user's own per-address action budget (userRateLimit), read at most every 10 minutes; null
   * without keys or while it cannot be read. Beyond its cap the venue refuses the user's orders.
   */
  actionBudget: z.object({ used: z.number().int().min(0), cap: z.number().int().min(0), percentUsed: z.number().int().min(0) }).nullable(),
});
/** An exchange budget view. */
export type ExchangeBudgetView = z.infer<typeof ExchangeBudgetViewSchema>;
