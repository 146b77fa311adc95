import { z } from 'zod';
import { eventSchema } from '../../eventModel/envelope.js';
import { EntityIdSchema, IsoTimestampSchema } from '../../eventModel/primitives.js';
import { StrategyIdSchema } from '../../eventModel/strategyIds.js';
import { TimeZoneSchema } from '../../shared/timeSchemas.js';
import { BacktestTradeSchema } from './tradingViewTrades.js';

/** Most trades one upload keeps: years of an hourly strategy. */
export const MAX_BACKTEST_TRADES = 5_000;

/**
 * A trader uploaded TradingView's "List of trades" of a strategy's backtest (issue 43, point 2):
 * its trades as read (times already on UTC from the chart's `timeZone`), so the comparison with
 * what the strategy did can be run again at any later time, against more live trades.
 */
export const BacktestUploadedSchema = eventSchema(
  'BacktestUploaded',
  1,
  z.object({
    backtestId: EntityIdSchema,
    strategyId: StrategyIdSchema,
    at: IsoTimestampSchema,
    fileName: z.string().min(1).max(200).optional(),
    timeZone: TimeZoneSchema,
    trades: z.array(BacktestTradeSchema).max(MAX_BACKTEST_TRADES),
    /** Rows of the file that could not be read. */
    skipped: z.number().int().nonnegative(),
  }),
);
/** BacktestUploaded event. */
export type BacktestUploaded = z.infer<typeof BacktestUploadedSchema>;

/** Every event of a `backtest-<uid>` stream. */
export const BacktestEventSchema = z.discriminatedUnion('type', [BacktestUploadedSchema]);
/** An event of a backtest stream. */
export type BacktestEvent = z.infer<typeof BacktestEventSchema>;
