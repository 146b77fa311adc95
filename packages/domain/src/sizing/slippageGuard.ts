import { z } from 'zod';
import { slippagePrice } from '../exchange/slippagePrice.js';
import { WireDecimalSchema } from '../exchange/wireDecimalSchema.js';

/** The worst fill prices a market order may get at the current mid. */
export const SlippageGuardSchema = z.object({ buy: WireDecimalSchema, sell: WireDecimalSchema });
/** Buy and sell guard prices. */
export type SlippageGuard = z.infer<typeof SlippageGuardSchema>;

/**
 * The limit prices a market buy and a market sell would be sent with — exactly the
 * prices the executor uses, so the preview never promises a looser guard than the order gets.
 * Throws like slippagePrice on a non-positive mid or a tolerance outside 0..100.
 */
export function slippageGuard(mid: number | string, slippagePct: number, szDecimals: number): SlippageGuard {
  return {
    buy: slippagePrice(mid, true, slippagePct, szDecimals),
    sell: slippagePrice(mid, false, slippagePct, szDecimals),
  };
}
