import { z } from 'zod';
import { EventDescriptionSchema } from '../history/describeEvent.js';
import { LiveSnapshotSchema } from '../readModels/liveShapes.js';

/** One of the trader's events as `GET /api/history` answers it: in plain words, and as stored with its secrets redacted, with its link in the chain. */
export const HistoryEventSchema = EventDescriptionSchema.extend({
  position: z.number().int().min(1),
  type: z.string(),
  stream: z.string(),
  version: z.number().int().min(0),
  recordedAt: z.string(),
  /** The strategy the event belongs to (an alert's, or the one it names); null for the account's own. */
  strategyId: z.string().nullable(),
  data: z.unknown(),
  /** SHA-256 link of the log's hash chain (null only where the store keeps none). */
  hash: z.string().nullable(),
});
/** A history event. */
export type HistoryEvent = z.infer<typeof HistoryEventSchema>;

/** The log's last chained event. */
export const ChainHeadSchema = z.object({ position: z.number().int().min(1), hash: z.string() });

/** `GET /api/history`'s answer. */
export const HistoryPageSchema = z.object({
  events: z.array(HistoryEventSchema),
  /** The whole log's last chained event: note it, and a later `hyperhook verify` proves this history was not rewritten. */
  head: ChainHeadSchema.nullable(),
});
/** A page of history. */
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** `GET /api/history/state?at=`: the dashboard as it stood at `asOf`, each part as its live read would have answered then. */
export const HistoryStateSchema = LiveSnapshotSchema.extend({
  asOf: z.string(),
  /** The last event of the user's included, by global position (0: none yet). */
  position: z.number().int().min(0),
  /** How many of the user's events were folded. */
  events: z.number().int().min(0),
});
/** The account as of a moment. */
export type HistoryState = z.infer<typeof HistoryStateSchema>;
