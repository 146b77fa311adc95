import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';

/**
 * The trader stopped all trading at once (the kill switch): from now on every alert is logged,
 * marked paused and never traded, until TradingResumed. Orders already sent are not undone.
 */
export const TradingPausedSchema = eventSchema('TradingPaused', 1, z.object({ at: IsoTimestampSchema }));
/** TradingPaused event. */
export type TradingPaused = z.infer<typeof TradingPausedSchema>;

/** The trader ended the kill switch: alerts received from now on are traded again. */
export const TradingResumedSchema = eventSchema('TradingResumed', 1, z.object({ at: IsoTimestampSchema }));
/** TradingResumed event. */
export type TradingResumed = z.infer<typeof TradingResumedSchema>;

/**
 * The trader asked to close every open position at once ("close all positions", typed
 * confirmation): `coins` were open when asked, and each got a reduce-only market close of its own
 * (signal `signalIds[i]`, with its own log row and result).
 */
export const CloseAllRequestedSchema = eventSchema(
  'CloseAllRequested',
  1,
  z.object({ at: IsoTimestampSchema, coins: z.array(z.string().min(1).max(50)).max(500), signalIds: z.array(z.string().min(1).max(200)).max(500) }),
);
/** CloseAllRequested event. */
export type CloseAllRequested = z.infer<typeof CloseAllRequestedSchema>;
