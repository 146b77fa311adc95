import { z } from 'zod';

/** What "close all positions" started: one reduce-only market close per open position, each with its log row. */
export const CloseAllViewSchema = z.object({
  closing: z.array(z.object({ coin: z.string(), webhookLogId: z.string() })),
});
/** A close-all answer. */
export type CloseAllView = z.infer<typeof CloseAllViewSchema>;
