import { z } from 'zod';
import { NoticeEventSchema } from '../notifications/noticeEvents.js';
import { NotificationChannelTypeSchema } from '../notifications/notificationChannels.js';
import { RiskAlarmsSchema } from '../notifications/riskAlarmSettings.js';

/** How one delivery attempt went: `retrying` when another try is planned, `failed` when given up. */
export const NotificationDeliveryResultSchema = z.enum(['delivered', 'retrying', 'failed']);

/** A strategy's silence alarm as `GET /api/notifications` shows it. */
export const SilenceAlarmViewSchema = z.object({
  strategyId: z.string(),
  strategyName: z.string(),
  minutes: z.number().int(),
  silentSince: z.string().nullable().describe('Since when the strategy has been silent past its alarm; null while alerts come'),
});
/** A silence alarm as shown. */
export type SilenceAlarmView = z.infer<typeof SilenceAlarmViewSchema>;

/** When the daily summary is sent, as shown. */
export const DailySummaryViewSchema = z.object({ time: z.string(), timeZone: z.string() });
/** The daily summary's time as shown. */
export type DailySummaryView = z.infer<typeof DailySummaryViewSchema>;

/**
 * The answers of `GET` and `PUT /api/notifications`, for event names read by `event`. Written once
 * for two readers: the api answers (and documents) the domain's names, while the PWA reads them as
 * strings, so a name its build does not know yet (an api newer than the app a service worker
 * cached) is kept and shown by name, not refused with the whole answer.
 */
function notificationsAnswers<E extends z.ZodType<string>>(event: E) {
  const channel = z.object({
    id: z.string(),
    type: NotificationChannelTypeSchema,
    target: z.string().describe('The chat id, or the URL origin with its path masked'),
    events: z.array(event),
    // `failing` when the last attempt failed or is being retried, `untested` before any.
    status: z.enum(['ok', 'failing', 'untested']).describe('How the last delivery attempt went'),
    lastDelivery: z.object({ at: z.string(), result: NotificationDeliveryResultSchema, error: z.string().nullable() }).nullable(),
  });
  // Web push's events, the silence alarms and the daily summary, as saved.
  const preferences = {
    webPush: z.object({ events: z.array(event) }),
    silenceAlarms: z.array(SilenceAlarmViewSchema),
    dailySummary: DailySummaryViewSchema.nullable(),
    riskAlarms: RiskAlarmsSchema.describe('The position alarms in force: the saved thresholds, or the defaults'),
  };
  const view = z.object({ channels: z.array(channel), ...preferences });
  const saved = view.extend({
    channels: z.array(channel.extend({ signingSecret: z.string().optional().describe('Shown once, when the webhook channel is created') })),
  });
  return { channel, view, saved };
}

const answered = notificationsAnswers(NoticeEventSchema);

/** A channel as `GET /api/notifications` shows it: never a bot token, a Discord webhook token or a signing secret. */
export const NotificationChannelViewSchema = answered.channel;
/** A channel as shown. */
export type NotificationChannelView = z.infer<typeof NotificationChannelViewSchema>;

/** `GET /api/notifications`: the channels, with how their last delivery went, and the choices. */
export const NotificationsViewSchema = answered.view;
/** The notification settings as shown. */
export type NotificationsView = z.infer<typeof NotificationsViewSchema>;

/** `PUT /api/notifications`: as `GET`, and a new webhook channel's signing secret, this once. */
export const SavedNotificationsSchema = answered.saved;
/** The notification settings as saved. */
export type SavedNotifications = z.infer<typeof SavedNotificationsSchema>;

const tolerated = notificationsAnswers(z.string());
/** The parts an api before issue 30, point 3 (or, for riskAlarms, issue 42) does not answer: the PWA hides them, and its save leaves them out. */
const LATER_PARTS = { webPush: true, silenceAlarms: true, dailySummary: true, riskAlarms: true } as const;

/** `GET /api/notifications` as the PWA reads it: event names as strings, and the later parts optional. */
export const TolerantNotificationsViewSchema = tolerated.view.partial(LATER_PARTS);
/** The notification settings as the PWA reads them. */
export type TolerantNotificationsView = z.infer<typeof TolerantNotificationsViewSchema>;
/** A channel as the PWA reads it. */
export type TolerantNotificationChannelView = TolerantNotificationsView['channels'][number];

/** `PUT /api/notifications` as the PWA reads it. */
export const TolerantSavedNotificationsSchema = tolerated.saved.partial(LATER_PARTS);
/** The notification settings as saved, as the PWA reads them. */
export type TolerantSavedNotifications = z.infer<typeof TolerantSavedNotificationsSchema>;

/** The query of `POST /api/notifications/test`. */
export const NotificationTestQuerySchema = z.object({ channelId: z.string().max(128).optional().describe('Test one channel; default every channel') });

/** `POST /api/notifications/test`: how the test went on each channel. */
export const NotificationTestResultsSchema = z.object({
  results: z.array(
    z.object({
      channelId: z.string(),
      type: NotificationChannelTypeSchema,
      delivered: z.boolean(),
      status: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
/** A test's outcome on one channel. */
export type NotificationTestResult = z.infer<typeof NotificationTestResultsSchema>['results'][number];

/** One attempt to deliver a notice to a channel. */
export const NotificationDeliverySchema = z.object({
  deliveryId: z.string(),
  channelId: z.string(),
  channelType: NotificationChannelTypeSchema,
  event: z.string(),
  signalId: z.string().nullable(),
  /** 1 for the first try. */
  attempt: z.number().int(),
  result: NotificationDeliveryResultSchema,
  /** The target's HTTP status, when it answered. */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  at: z.string(),
});
/** A delivery attempt. */
export type NotificationDelivery = z.infer<typeof NotificationDeliverySchema>;

/** `GET /api/notifications/deliveries`: the recent attempts, newest first. */
export const NotificationDeliveriesSchema = z.object({ deliveries: z.array(NotificationDeliverySchema) });
