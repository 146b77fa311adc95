import {
  TolerantNotificationsViewSchema,
  TolerantSavedNotificationsSchema,
  NotificationDeliveriesSchema,
  NotificationTestResultsSchema,
  type NotificationDelivery,
  type NotificationSettingsInput,
  type NotificationTestResult,
  type TolerantNotificationsView,
  type TolerantSavedNotifications,
} from '@hyperhook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/*
 * The notification routes (issue 30, points 2 and 4). Their answers are parsed with the domain's
 * schemas, the api's own (issue 40, point 3), in their tolerant reading: event names are strings
 * (a name the PWA does not know yet is kept, not refused), and the parts of the answer a server
 * may not have (web push choices, silence alarms, the daily summary) are optional — the screen
 * hides what the answer lacks.
 */

/**
 * GET /api/notifications: the channels (masked, with how their last delivery went) and the choices.
 * Deliveries happen in the background with no live message: read again whenever the section is
 * shown or the app regains focus (the persisted copy shows meanwhile), so a channel that started
 * failing is seen failing.
 */
export const notificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: (): Promise<TolerantNotificationsView> => api('/api/notifications', { schema: TolerantNotificationsViewSchema }),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** GET /api/notifications/deliveries. Read when shown, on focus, after a test or a save, and by Refresh; nothing polls. */
export const deliveriesQueryOptions = queryOptions({
  queryKey: queryKeys.notificationDeliveries,
  queryFn: async (): Promise<NotificationDelivery[]> => (await api('/api/notifications/deliveries', { schema: NotificationDeliveriesSchema })).deliveries,
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** PUT /api/notifications. */
export function saveNotifications(body: NotificationSettingsInput): Promise<TolerantSavedNotifications> {
  return api('/api/notifications', { method: 'PUT', body, schema: TolerantSavedNotificationsSchema });
}

/** POST /api/notifications/test: one channel, or every channel without `channelId`. */
export async function testNotifications(channelId?: string): Promise<NotificationTestResult[]> {
  const query = channelId === undefined ? '' : `?channelId=${encodeURIComponent(channelId)}`;
  return (await api(`/api/notifications/test${query}`, { method: 'POST', schema: NotificationTestResultsSchema })).results;
}
