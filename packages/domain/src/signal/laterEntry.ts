import { z } from 'zod';

/** One thing that happened later to what an alert set up (issue 41 §2): a stop moved, a take-profit filled, a refusal. */
export const LaterEntrySchema = z.object({
  at: z.string(),
  text: z.string(),
  /** The venue refused: the row shows it as a problem, with the venue's own words in `text`. */
  refused: z.boolean().optional(),
});
/** A later entry of a log row. */
export type LaterEntry = z.infer<typeof LaterEntrySchema>;

/** How many later entries a log row keeps: a trail may move the stop every 30 s for days, the row shows the newest. */
export const LATER_CAP = 20;
