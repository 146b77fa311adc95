import { NotificationChannelTypeSchema } from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/*
 * The answers of the notification routes (issue 30, points 2 and 4). The api keeps their schemas
 * beside its routes, not in the domain, so they are written again here, leniently: event names are
 * strings (a name the PWA does not know yet is kept, not refused), and the parts of the answer a
 * server may not have yet (web push choices, silence alarms, the daily summary) are optional — the
 * screen hides what the answer lacks.
 */

const DeliveryResultSchema = z.enum(['delivered', 'retrying', 'failed']);

/** A channel as GET shows it: never a bot token, a Discord webhook token or a signing secret. */
export const ChannelViewSchema = z.object({
  id: z.string(),
  type: NotificationChannelTypeSchema,
  target: z.string(),
  events: z.array(z.string()),
  status: z.enum(['ok', 'failing', 'untested']),
  lastDelivery: z.object({ at: z.string(), result: DeliveryResultSchema, error: z.string().nullable() }).nullable(),
});
export type ChannelView = z.infer<typeof ChannelViewSchema>;

export const SilenceAlarmViewSchema = z.object({
  strategyId: z.string(),
  strategyName: z.string().optional(),
  minutes: z.number(),
  silentSince: z.string().nullable().optional(),
});
export type SilenceAlarmView = z.infer<typeof SilenceAlarmViewSchema>;

export const DailySummaryViewSchema = z.object({ time: z.string(), timeZone: z.string() });
export type DailySummaryView = z.infer<typeof DailySummaryViewSchema>;

/** GET /api/notifications. */
export const NotificationsViewSchema = z.object({
  channels: z.array(ChannelViewSchema),
  webPush: z.object({ events: z.array(z.string()) }).optional(),
  silenceAlarms: z.array(SilenceAlarmViewSchema).optional(),
  dailySummary: DailySummaryViewSchema.nullable().optional(),
});
export type NotificationsView = z.infer<typeof NotificationsViewSchema>;

/** PUT /api/notifications: like GET, and a new webhook channel's signing secret, this once. */
export const SavedNotificationsSchema = NotificationsViewSchema.extend({
  channels: z.array(ChannelViewSchema.extend({ signingSecret: z.string().optional() })),
});
export type SavedNotifications = z.infer<typeof SavedNotificationsSchema>;

/** POST /api/notifications/test. */
export const TestResultsSchema = z.object({
  results: z.array(z.object({ channelId: z.string(), type: NotificationChannelTypeSchema, delivered: z.boolean(), status: z.number().nullable(), error: z.string().nullable() })),
});
export type TestResult = z.infer<typeof TestResultsSchema>['results'][number];

/** GET /api/notifications/deliveries: the recent attempts, newest first. */
export const DeliveriesSchema = z.object({
  deliveries: z.array(
    z.object({
      deliveryId: z.string(),
      channelId: z.string(),
      channelType: NotificationChannelTypeSchema,
      event: z.string(),
      signalId: z.string().nullable(),
      attempt: z.number(),
      result: DeliveryResultSchema,
      status: z.number().nullable(),
      error: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type Delivery = z.infer<typeof DeliveriesSchema>['deliveries'][number];

/** One channel of the PUT body: a saved channel named by its id keeps the secret it is sent without. */
export type ChannelInput =
  | { type: 'telegram'; id?: string; botToken?: string; chatId: string; events: string[] }
  | { type: 'discord' | 'webhook'; id?: string; url?: string; events: string[] };

/** The body of PUT /api/notifications; the optional parts, when omitted, keep what is saved. */
export interface NotificationsInput {
  channels: ChannelInput[];
  webPush?: { events: string[] };
  silenceAlarms?: { strategyId: string; minutes: number }[];
  dailySummary?: DailySummaryView | null;
}

/**
 * GET /api/notifications: the channels (masked, with how their last delivery went) and the choices.
 * Deliveries happen in the background with no live message: read again whenever the section is
 * shown or the app regains focus (the persisted copy shows meanwhile), so a channel that started
 * failing is seen failing.
 */
export const notificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: (): Promise<NotificationsView> => api('/api/notifications', { schema: NotificationsViewSchema }),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** GET /api/notifications/deliveries. Read when shown, on focus, after a test or a save, and by Refresh; nothing polls. */
export const deliveriesQueryOptions = queryOptions({
  queryKey: queryKeys.notificationDeliveries,
  queryFn: async (): Promise<Delivery[]> => (await api('/api/notifications/deliveries', { schema: DeliveriesSchema })).deliveries,
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** PUT /api/notifications. */
export function saveNotifications(body: NotificationsInput): Promise<SavedNotifications> {
  return api('/api/notifications', { method: 'PUT', body, schema: SavedNotificationsSchema });
}

/** POST /api/notifications/test: one channel, or every channel without `channelId`. */
export async function testNotifications(channelId?: string): Promise<TestResult[]> {
  const query = channelId === undefined ? '' : `?channelId=${encodeURIComponent(channelId)}`;
  return (await api(`/api/notifications/test${query}`, { method: 'POST', schema: TestResultsSchema })).results;
}
