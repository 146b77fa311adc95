import { NoticeEventSchema, NotificationChannelTypeSchema } from '@hyperhook/domain';
import { z } from 'zod';
import { envelopeOf } from '../auth/schemas.js';

/** A channel as the api shows it: never a bot token, a Discord webhook token or a signing secret. */
export const ChannelViewSchema = z.object({
  id: z.string(),
  type: NotificationChannelTypeSchema,
  target: z.string().describe('The chat id, or the URL origin with its path masked'),
  events: z.array(NoticeEventSchema),
  status: z.enum(['ok', 'failing', 'untested']).describe('How the last delivery attempt went'),
  lastDelivery: z.object({ at: z.string(), result: z.enum(['delivered', 'retrying', 'failed']), error: z.string().nullable() }).nullable(),
});

/** Web push's events, the silence alarms and the daily summary, as saved. */
const PreferencesViewShape = {
  webPush: z.object({ events: z.array(NoticeEventSchema) }),
  silenceAlarms: z.array(
    z.object({
      strategyId: z.string(),
      strategyName: z.string(),
      minutes: z.number().int(),
      silentSince: z.string().nullable().describe('Since when the strategy has been silent past its alarm; null while alerts come'),
    }),
  ),
  dailySummary: z.object({ time: z.string(), timeZone: z.string() }).nullable(),
};

/** GET /api/notifications. */
export const NotificationsAnswer = envelopeOf(z.object({ channels: z.array(ChannelViewSchema), ...PreferencesViewShape }));

/** PUT /api/notifications: a new webhook channel's signing secret, this once. */
export const SavedNotificationsAnswer = envelopeOf(
  z.object({ channels: z.array(ChannelViewSchema.extend({ signingSecret: z.string().optional().describe('Shown once, when the webhook channel is created') })), ...PreferencesViewShape }),
);

/** POST /api/notifications/test. */
export const TestQuerySchema = z.object({ channelId: z.string().max(128).optional().describe('Test one channel; default every channel') });
export const TestAnswer = envelopeOf(
  z.object({
    results: z.array(z.object({ channelId: z.string(), type: NotificationChannelTypeSchema, delivered: z.boolean(), status: z.number().int().nullable(), error: z.string().nullable() })),
  }),
);

/** GET /api/notifications/deliveries. */
export const DeliveriesAnswer = envelopeOf(
  z.object({
    deliveries: z.array(
      z.object({
        deliveryId: z.string(),
        channelId: z.string(),
        channelType: NotificationChannelTypeSchema,
        event: z.string(),
        signalId: z.string().nullable(),
        attempt: z.number().int(),
        result: z.enum(['delivered', 'retrying', 'failed']),
        status: z.number().int().nullable(),
        error: z.string().nullable(),
        at: z.string(),
      }),
    ),
  }),
);
