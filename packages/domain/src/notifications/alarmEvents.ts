import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { EVM_ADDRESS_PATTERN } from '../shared/hexPatterns.js';

const percent = z.number().finite().min(0);
const price = z.number().finite().positive();

/**
 * A position alarm went off (issue 42, point 2), read from a snapshot already taken (or from the
 * last positions snapshot put at the current mid, between snapshots): a position's mark came
 * within the trader's distance of its liquidation price, or the margin in use reached
 * their share of the account's value. On `user-<uid>`, recorded before anyone is told, so a restart
 * or a second instance never tells it again: it is told once until it is cleared.
 */
export const RiskAlarmRaisedSchema = eventSchema(
  'RiskAlarmRaised',
  1,
  z.discriminatedUnion('alarm', [
    z.object({
      alarm: z.literal('liquidation'),
      coin: z.string().min(1).max(50),
      side: z.enum(['long', 'short']),
      markPx: price,
      liquidationPx: price,
      distancePct: percent,
      thresholdPct: percent,
      at: IsoTimestampSchema,
    }),
    z.object({ alarm: z.literal('marginUsage'), usagePct: percent, thresholdPct: percent, at: IsoTimestampSchema }),
  ]),
);
/** RiskAlarmRaised event. */
export type RiskAlarmRaised = z.infer<typeof RiskAlarmRaisedSchema>;

/**
 * A raised position alarm is armed again: the reading came back past its threshold (with room,
 * see riskAlarmSettings.ts), the position closed, or the trader turned the alarm off.
 */
export const RiskAlarmClearedSchema = eventSchema(
  'RiskAlarmCleared',
  1,
  z.object({ alarm: z.enum(['liquidation', 'marginUsage']), coin: z.string().min(1).max(50).nullable(), at: IsoTimestampSchema }),
);
/** RiskAlarmCleared event. */
export type RiskAlarmCleared = z.infer<typeof RiskAlarmClearedSchema>;

/** When, before an API wallet's expiry, the trader is told: a week before, a day before, and once it has expired. */
export const KeysExpiryStageSchema = z.enum(['week', 'day', 'expired']);
/** A stage of an API wallet's expiry. */
export type KeysExpiryStage = z.infer<typeof KeysExpiryStageSchema>;

/**
 * The trader is being told that their API wallet expires (`keys.expiring`, issue 42, point 2):
 * recorded first, so each stage of one wallet's expiry is told once.
 */
export const KeysExpiryNoticedSchema = eventSchema(
  'KeysExpiryNoticed',
  1,
  z.object({
    apiWalletAddress: z.string().regex(EVM_ADDRESS_PATTERN),
    validUntil: IsoTimestampSchema,
    stage: KeysExpiryStageSchema,
    /** The network the keys were saved for; absent in notices recorded before it was kept (then mainnet). */
    isTestnet: z.boolean().optional(),
    at: IsoTimestampSchema,
  }),
);
/** KeysExpiryNoticed event. */
export type KeysExpiryNoticed = z.infer<typeof KeysExpiryNoticedSchema>;
