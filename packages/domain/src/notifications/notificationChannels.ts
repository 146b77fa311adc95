import { z } from 'zod';
import { EntityIdSchema } from '../eventModel/primitives.js';
import { SealedSchema } from '../eventModel/sealed.js';
import { NOTICE_EVENTS, NoticeEventSchema } from './noticeEvents.js';
import { NotificationPreferencesInputShape } from './notificationPreferences.js';

/** Most channels one user may have. */
export const MAX_NOTIFICATION_CHANNELS = 10;

/** The channel kinds besides web push (which has its own subscriptions). */
export const NotificationChannelTypeSchema = z.enum(['telegram', 'discord', 'webhook']);
/** A channel kind. */
export type NotificationChannelType = z.infer<typeof NotificationChannelTypeSchema>;

const EventsSchema = z.array(NoticeEventSchema).max(NOTICE_EVENTS.length).describe('The events this channel gets');
const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }).max(2048);
/** A Telegram bot token as BotFather hands it out: `<bot id>:<secret>`. */
const BotTokenSchema = z
  .string()
  .trim()
  .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, 'Expected a bot token like 123456:ABC… from @BotFather');
/** A numeric chat id (groups are negative) or a public channel's @name. */
const ChatIdSchema = z
  .string()
  .trim()
  .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, 'Expected a numeric chat id or @channelname');
const ChannelIdSchema = EntityIdSchema.describe('Id of an existing channel: without its secret, the secret saved before is kept');

/**
 * One channel of `PUT /api/notifications`. Naming the `id` of a saved channel of the same type
 * without its secret (bot token, URL) keeps the saved one (and a webhook's signing secret).
 */
export const NotificationChannelInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('telegram'),
    id: ChannelIdSchema.optional(),
    botToken: BotTokenSchema.optional(),
    chatId: ChatIdSchema,
    events: EventsSchema.optional(),
  }),
  z.object({ type: z.literal('discord'), id: ChannelIdSchema.optional(), url: HttpUrlSchema.optional(), events: EventsSchema.optional() }),
  z.object({ type: z.literal('webhook'), id: ChannelIdSchema.optional(), url: HttpUrlSchema.optional(), events: EventsSchema.optional() }),
]);
/** One channel as the trader sends it. */
export type NotificationChannelInput = z.infer<typeof NotificationChannelInputSchema>;

/**
 * The body of `PUT /api/notifications`: every channel (the set replaces the saved one), the
 * default events, and optionally web push's events, the silence alarms and the daily summary
 * (each omitted keeps what was saved).
 */
export const NotificationSettingsInputSchema = z.strictObject({
  channels: z.array(NotificationChannelInputSchema).max(MAX_NOTIFICATION_CHANNELS, `At most ${MAX_NOTIFICATION_CHANNELS} channels`),
  events: EventsSchema.optional().describe(
    'The events of every channel that names none; default the failures (alert.failed, alert.rejected, keys.rejected, position.liquidated, position.drift, position.unprotected, strategy.silent)',
  ),
  ...NotificationPreferencesInputShape,
});
/** The body of `PUT /api/notifications`. */
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>;

const common = { id: EntityIdSchema, events: z.array(NoticeEventSchema).max(NOTICE_EVENTS.length) };
/**
 * A channel as the log keeps it: its secret parts only sealed (the bot token, the Discord
 * webhook URL whose path is its token, the outgoing webhook's URL and signing secret), and a
 * `target` that can be shown: the chat id, or the URL's origin and a masked path.
 */
export const StoredNotificationChannelSchema = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('telegram'), target: z.string().min(1).max(200), sealedBotToken: SealedSchema }),
  z.object({ ...common, type: z.literal('discord'), target: z.string().min(1).max(300), sealedUrl: SealedSchema }),
  z.object({ ...common, type: z.literal('webhook'), target: z.string().min(1).max(300), sealedUrl: SealedSchema, sealedSigningSecret: SealedSchema }),
]);
/** A channel as the log keeps it. */
export type StoredNotificationChannel = z.infer<typeof StoredNotificationChannelSchema>;

/**
 * What of a target URL may be shown: its origin, and of a Discord webhook the numeric webhook id,
 * never the token after it; other paths and queries are masked, as they often carry a secret.
 */
export function maskedTarget(type: 'discord' | 'webhook', url: string): string {
  const parsed = new URL(url);
  if (type === 'discord') {
    const id = /^\/api\/webhooks\/(\d+)\//.exec(parsed.pathname)?.[1];
    return id === undefined ? `${parsed.origin}/…` : `${parsed.origin}/api/webhooks/${id}/…`;
  }
  return parsed.pathname === '/' && parsed.search === '' ? parsed.origin : `${parsed.origin}/…`;
}
