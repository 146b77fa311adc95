import { z } from 'zod';

/** The two balance figures sizing needs, in USD, as read from the exchange. */
export const SizingBalanceSchema = z.object({
  availableBalance: z.number(),
  totalEquity: z.number(),
});
/** Available balance and total equity in USD. */
export type SizingBalance = z.infer<typeof SizingBalanceSchema>;
