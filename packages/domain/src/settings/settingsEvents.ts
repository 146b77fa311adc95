import { z } from 'zod';
import { SettingsSchema } from './settingsSchema.js';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';

/**
 * The user saved new settings; `settings` is the whole validated object. `strategyId` names the
 * strategy they belong to; absent, the first strategy's (the spec's settings).
 */
export const SettingsUpdatedSchema = eventSchema(
  'SettingsUpdated',
  1,
  z.object({ settings: SettingsSchema, at: IsoTimestampSchema, strategyId: StrategyIdSchema.optional() }),
);
/** SettingsUpdated event. */
export type SettingsUpdated = z.infer<typeof SettingsUpdatedSchema>;

/** The user restored the defaults; `settings` records the defaults of that day, so replays stay exact if they change. */
export const SettingsResetSchema = eventSchema(
  'SettingsReset',
  1,
  z.object({ settings: SettingsSchema, at: IsoTimestampSchema, strategyId: StrategyIdSchema.optional() }),
);
/** SettingsReset event. */
export type SettingsReset = z.infer<typeof SettingsResetSchema>;
