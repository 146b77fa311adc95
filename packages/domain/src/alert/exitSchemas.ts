import { z } from 'zod';

/**
 * One take-profit of an alert's `takeProfits` (issue 41, point 1): a trigger at `price`, or at
 * `offsetPercent` from the entry's average fill in the position's favour, closing `percent` of the
 * strategy's position as it stands once the entry has filled.
 */
export const TakeProfitAskSchema = z
  .object({
    price: z.number().positive().optional(),
    offsetPercent: z.number().positive().max(1000).optional(),
    percent: z.number().positive().max(100),
  })
  .refine((ask) => (ask.price === undefined) !== (ask.offsetPercent === undefined), { message: 'a take-profit has a price or an offsetPercent' });
/** One asked take-profit. */
export type TakeProfitAsk = z.infer<typeof TakeProfitAskSchema>;

/** How many take-profits one alert may ask for. */
export const MAX_TAKE_PROFITS = 5;

/**
 * A trailing stop (issue 41, point 1): the stop follows the price at `percent` of it or at a fixed
 * `amount` of USD, once the price has reached `activationPrice` (or moved `activationPercent` from
 * the entry in the position's favour); without either it trails from the start.
 */
export const TrailingStopAskSchema = z
  .object({
    percent: z.number().positive().max(50).optional(),
    amount: z.number().positive().optional(),
    activationPrice: z.number().positive().optional(),
    activationPercent: z.number().positive().max(1000).optional(),
  })
  .refine((ask) => (ask.percent === undefined) !== (ask.amount === undefined), { message: 'a trailing stop has a percent or an amount' })
  .refine((ask) => ask.activationPrice === undefined || ask.activationPercent === undefined, {
    message: 'a trailing stop has at most one of activationPrice and activationPercent',
  });
/** An asked trailing stop. */
export type TrailingStopAsk = z.infer<typeof TrailingStopAskSchema>;
