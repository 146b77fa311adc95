import { z } from 'zod';

/**
 * What `/api/live` sends: `resync`, the whole live state, on every connect (so a
 * reconnecting client loses nothing), then one `change` per read-model document that changed —
 * its client view, or null once deleted; a client keeps the highest `version` per document.
 * Documents are left `unknown` here: each is parsed with its own view schema by whoever applies it.
 */
export const LiveMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('resync'),
    data: z.object({
      webhookLogs: z.array(z.unknown()),
      positions: z.array(z.unknown()),
      balance: z.unknown(),
      settings: z.unknown(),
      keys: z.unknown(),
      referral: z.unknown(),
    }),
  }),
  z.object({ type: z.literal('change'), collection: z.string(), id: z.string(), version: z.number(), doc: z.unknown() }),
]);
/** A message of `/api/live`. */
export type LiveMessage = z.infer<typeof LiveMessageSchema>;
