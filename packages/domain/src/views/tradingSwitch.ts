import { z } from 'zod';

/** The kill switch as the api answers it: whether all trading is paused, and since when. */
export const TradingSwitchViewSchema = z.object({
  paused: z.boolean(),
  /** When all trading was paused; null while trading runs. */
  pausedSince: z.string().nullable(),
});
/** A trading switch view. */
export type TradingSwitchView = z.infer<typeof TradingSwitchViewSchema>;
