import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { NotificationPreferencesSchema } from './notificationPreferences.js';

/**
 * The trader's notice preferences beyond the channels, as a whole after the change: web push's
 * events, the silence alarms, the daily summary (issue 30, point 3). On `user-<uid>`.
 */
export const NotificationPreferencesUpdatedSchema = eventSchema(
  'NotificationPreferencesUpdated',
  1,
  NotificationPreferencesSchema.extend({ at: IsoTimestampSchema }),
);
/** NotificationPreferencesUpdated event. */
export type NotificationPreferencesUpdated = z.infer<typeof NotificationPreferencesUpdatedSchema>;

/**
 * The trader was told a strategy went silent: no alert since `silentSince` for longer than its
 * alarm. Recorded before the notice goes out, so it goes out once (a restart, or a second api
 * instance, finds it), until a later alert moves `silentSince`.
 */
export const StrategySilenceNoticedSchema = eventSchema(
  'StrategySilenceNoticed',
  1,
  z.object({ strategyId: StrategyIdSchema, silentSince: IsoTimestampSchema, at: IsoTimestampSchema }),
);
/** StrategySilenceNoticed event. */
export type StrategySilenceNoticed = z.infer<typeof StrategySilenceNoticedSchema>;

/** The daily summary of the trader's local `day` went out (recorded first, so it goes out once). */
export const DailySummarySentSchema = eventSchema('DailySummarySent', 1, z.object({ day: z.iso.date(), at: IsoTimestampSchema }));
/** DailySummarySent event. */
export type DailySummarySent = z.infer<typeof DailySummarySentSchema>;
