import { z } from 'zod';
import { eventSchema } from '../eventModel/envelope.js';
import { IsoTimestampSchema } from '../eventModel/primitives.js';
import { MAX_NOTIFICATION_CHANNELS, StoredNotificationChannelSchema } from './notificationChannels.js';

/**
 * The trader's notification channels (Telegram, Discord, an outgoing webhook) and the events each
 * gets, as a whole set that replaces the previous one (issue 30, point 2). Secrets are sealed.
 */
export const NotificationChannelsUpdatedSchema = eventSchema(
  'NotificationChannelsUpdated',
  1,
  z.object({ channels: z.array(StoredNotificationChannelSchema).max(MAX_NOTIFICATION_CHANNELS), at: IsoTimestampSchema }),
);
/** NotificationChannelsUpdated event. */
export type NotificationChannelsUpdated = z.infer<typeof NotificationChannelsUpdatedSchema>;
