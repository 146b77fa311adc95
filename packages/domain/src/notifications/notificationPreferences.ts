import { z } from 'zod';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { StrategyIdSchema } from '../eventModel/strategyIds.js';
import { TimeOfDaySchema, TimeZoneSchema } from '../shared/timeSchemas.js';
import { NOTICE_EVENTS, NoticeEventSchema, type NoticeEvent } from './noticeEvents.js';
import { RiskAlarmsSchema } from './riskAlarmSettings.js';

/**
 * What web push sends when the trader never chose: what it sent before the choice existed
 * (executed and failed or rejected alerts), the failures every trader wants to hear about, and an
 * entry awaiting approval (issue 42): it waits minutes at most, and the push is where it is
 * answered without opening the app.
 */
export const DEFAULT_WEB_PUSH_EVENTS: readonly NoticeEvent[] = [
  'alert.failed',
  'alert.rejected',
  'alert.awaiting_approval',
  'order.executed',
  'keys.rejected',
  'position.liquidated',
  'position.drift',
  'position.unprotected',
  'position.liquidation_risk',
  'account.margin_usage',
  'keys.expiring',
  'strategy.silent',
];

/** Shortest and longest silence a trader may expect between alerts, in minutes (5 min to 7 days). */
export const MIN_SILENCE_MINUTES = 5;
export const MAX_SILENCE_MINUTES = 10_080;

/** Most silence alarms (one per strategy; strategies are at most 20, deleted ones kept in the log). */
export const MAX_SILENCE_ALARMS = 50;

const EventsSchema = z.array(NoticeEventSchema).max(NOTICE_EVENTS.length);

/** Which events web push sends. */
export const WebPushPreferencesSchema = z.strictObject({ events: EventsSchema.describe('The events web push sends') });
/** Which events web push sends. */
export type WebPushPreferences = z.infer<typeof WebPushPreferencesSchema>;

/** "Expect an alert at least every `minutes`" for one strategy, as the trader sends it. */
export const SilenceAlarmInputSchema = z.strictObject({
  strategyId: StrategyIdSchema,
  minutes: z.number().int().min(MIN_SILENCE_MINUTES).max(MAX_SILENCE_MINUTES).describe('Longest expected gap between alerts, in minutes'),
});
/** A silence alarm as the trader sends it. */
export type SilenceAlarmInput = z.infer<typeof SilenceAlarmInputSchema>;

/** When the daily summary is sent: a local time in a time zone. */
export const DailySummaryInputSchema = z.strictObject({ time: TimeOfDaySchema, timeZone: TimeZoneSchema });
/** The daily summary's time as the trader sends it. */
export type DailySummaryInput = z.infer<typeof DailySummaryInputSchema>;

/**
 * The optional parts of `PUT /api/notifications` beyond the channels: each one omitted keeps
 * what was saved, so a client that only knows channels never wipes them.
 */
export const NotificationPreferencesInputShape = {
  webPush: WebPushPreferencesSchema.optional(),
  silenceAlarms: z
    .array(SilenceAlarmInputSchema)
    .max(MAX_SILENCE_ALARMS)
    .optional()
    .describe('Per strategy, the longest expected gap between alerts; a strategy left out has no alarm'),
  dailySummary: DailySummaryInputSchema.nullable().optional().describe('When to send the daily summary; null turns it off'),
  riskAlarms: RiskAlarmsSchema.optional().describe('How near liquidation, and how much margin in use, before you are told'),
};

/** A silence alarm as the log keeps it: `since`, when it was set, is where silence starts counting before any alert. */
export const SilenceAlarmSchema = SilenceAlarmInputSchema.extend({ since: IsoTimestampSchema });
/** A saved silence alarm. */
export type SilenceAlarm = z.infer<typeof SilenceAlarmSchema>;

/** The daily summary as the log keeps it: `since`, when it was set, so a time already past that day is not sent at once. */
export const DailySummarySchema = DailySummaryInputSchema.extend({ since: IsoTimestampSchema });
/** A saved daily summary time. */
export type DailySummary = z.infer<typeof DailySummarySchema>;

/** Everything the trader chose about notices besides the channels. */
export const NotificationPreferencesSchema = z.object({
  webPush: WebPushPreferencesSchema,
  silenceAlarms: z.array(SilenceAlarmSchema).max(MAX_SILENCE_ALARMS),
  dailySummary: DailySummarySchema.nullable(),
  /** The position alarms' thresholds (issue 42); absent, the defaults (riskAlarmsOf). */
  riskAlarms: RiskAlarmsSchema.optional(),
});
/** The trader's notice preferences. */
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Before the trader chose anything: today's web push, no alarm, no summary. */
export function defaultNotificationPreferences(): NotificationPreferences {
  return { webPush: { events: [...DEFAULT_WEB_PUSH_EVENTS] }, silenceAlarms: [], dailySummary: null };
}
