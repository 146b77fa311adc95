import { z } from 'zod';
import { TimeZoneSchema } from '../../shared/timeSchemas.js';
import { BacktestComparisonSchema, DEFAULT_MATCH_MINUTES } from './compareBacktest.js';
import type { BacktestUploaded } from './backtestEvents.js';

/** The query of an upload: the chart's time zone (the export names none), the file's name, and how far apart one trade's entries may be. */
export const BacktestUploadQuerySchema = z.strictObject({
  timeZone: TimeZoneSchema.default('UTC').describe("The chart's time zone: the export's times are its wall clock"),
  fileName: z.string().min(1).max(200).optional().describe('The name of the uploaded file, kept with it'),
  windowMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_440)
    .optional()
    .describe(`How far apart a backtest and a live entry may be and be one trade; ${DEFAULT_MATCH_MINUTES} min when absent`),
});
/** An upload's query. */
export type BacktestUploadQuery = z.infer<typeof BacktestUploadQuerySchema>;

/** A kept upload, as `GET /api/strategies/:id/backtests` lists it. */
export const BacktestSummarySchema = z.object({
  backtestId: z.string(),
  strategyId: z.string(),
  at: z.string(),
  fileName: z.string().optional(),
  timeZone: z.string(),
  trades: z.number().int(),
  skipped: z.number().int(),
});
/** An upload listed. */
export type BacktestSummary = z.infer<typeof BacktestSummarySchema>;

/** What `GET /api/strategies/:id/backtests` answers: the strategy's uploads, oldest first. */
export const BacktestListSchema = z.array(BacktestSummarySchema);

/** An upload with its comparison against what the strategy did, run when asked. */
export const BacktestAnswerSchema = BacktestSummarySchema.extend({ comparison: BacktestComparisonSchema });
/** An upload compared. */
export type BacktestAnswer = z.infer<typeof BacktestAnswerSchema>;

/** The summary of a kept upload. */
export function backtestSummaryOf(data: BacktestUploaded['data']): BacktestSummary {
  return {
    backtestId: data.backtestId,
    strategyId: data.strategyId,
    at: data.at,
    ...(data.fileName !== undefined ? { fileName: data.fileName } : {}),
    timeZone: data.timeZone,
    trades: data.trades.length,
    skipped: data.skipped,
  };
}
