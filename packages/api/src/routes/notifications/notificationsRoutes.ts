import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTICE_EVENTS,
  maskedTarget,
  notificationChannelsDecider,
  NotificationSettingsInputSchema,
  type NotificationChannelInput,
  type Sealed,
  type StoredNotificationChannel,
} from '@hyperhook/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { channelsOf, channelView, openChannel } from '../../notifications/channelStore.js';
import { testNotice } from '../../notifications/noticeFor.js';
import { assertAllowedTarget, TargetRefusedError } from '../../notifications/targetGuard.js';
import { DeliveriesAnswer, NotificationsAnswer, SavedNotificationsAnswer, TestAnswer, TestQuerySchema } from './notificationsSchemas.js';

/** Test sends per minute and address: each is a request to a third party per channel. */
export const TEST_NOTIFICATION_RATE_LIMIT = 10;

const fieldError = (field: string, message: string) => new ApiError(400, `${field}: ${message}`, { title: 'Invalid notification channels', fieldErrors: [{ field, message }] });

/** Every data key a channel's secrets are sealed under. */
const keyIdsOf = (channel: StoredNotificationChannel): string[] =>
  channel.type === 'telegram' ? [channel.sealedBotToken.keyId] : channel.type === 'discord' ? [channel.sealedUrl.keyId] : [channel.sealedUrl.keyId, channel.sealedSigningSecret.keyId];

/**
 * Notification channels (issue 30, point 2): `PUT /api/notifications` replaces the caller's
 * Telegram, Discord and outgoing-webhook channels and the events each gets (a new webhook
 * channel's signing secret is answered this once), `GET` shows them without any secret and with
 * how their last delivery went, `POST /test` sends a test to each, `GET /deliveries` lists the
 * recent attempts. Secrets are sealed like API keys; targets on private addresses are refused.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { eventStore } = app.deps.store;
  const sealer = app.deps.sealers.notifications;
  const service = app.notifications;

  const views = async (uid: string) => {
    const [channels, attempts] = await Promise.all([channelsOf(eventStore, uid), service.log.recent(uid)]);
    return channels.map((channel) => channelView(channel, attempts));
  };

  app.get('/notifications', { schema: { tags: ['notifications'], response: { 200: NotificationsAnswer } } }, async (request) => ok({ channels: await views(requireUser(request).uid) }));

  app.put('/notifications', { schema: { tags: ['notifications'], body: NotificationSettingsInputSchema, response: { 200: SavedNotificationsAnswer } } }, async (request) => {
    const { uid } = requireUser(request);
    const saved = await channelsOf(eventStore, uid);
    const defaults = request.body.events ?? DEFAULT_NOTICE_EVENTS;
    const sealedNow: Sealed[] = [];
    const revealed = new Map<string, string>();
    const seal = async (plaintext: string) => {
      const sealed = await sealer.seal(uid, plaintext);
      sealedNow.push(sealed);
      return sealed;
    };
    const checkTarget = async (field: string, url: string) => {
      try {
        await assertAllowedTarget(url, service.targets);
      } catch (error) {
        if (error instanceof TargetRefusedError) throw fieldError(field, error.message);
        throw error;
      }
    };

    const build = async (input: NotificationChannelInput, index: number): Promise<StoredNotificationChannel> => {
      const field = `channels.${index}`;
      const previous = input.id === undefined ? undefined : saved.find((c) => c.id === input.id && c.type === input.type);
      if (input.id !== undefined && previous === undefined) throw fieldError(`${field}.id`, `No saved ${input.type} channel has this id`);
      const id = previous?.id ?? randomUUID();
      const events = [...new Set(input.events ?? defaults)];
      switch (input.type) {
        case 'telegram': {
          const keep = previous?.type === 'telegram' ? previous.sealedBotToken : undefined;
          if (input.botToken === undefined && keep === undefined) throw fieldError(`${field}.botToken`, 'A bot token is required');
          return { id, type: 'telegram', target: input.chatId, events, sealedBotToken: input.botToken === undefined ? (keep as Sealed) : await seal(input.botToken) };
        }
        case 'discord':
        case 'webhook': {
          const keepUrl = previous?.type === input.type ? previous.sealedUrl : undefined;
          if (input.url === undefined && keepUrl === undefined) throw fieldError(`${field}.url`, 'A URL is required');
          if (input.url !== undefined) await checkTarget(`${field}.url`, input.url);
          const target = input.url === undefined ? (previous?.target ?? '') : maskedTarget(input.type, input.url);
          const sealedUrl = input.url === undefined ? (keepUrl as Sealed) : await seal(input.url);
          if (input.type === 'discord') return { id, type: 'discord', target, events, sealedUrl };
          let sealedSigningSecret = previous?.type === 'webhook' ? previous.sealedSigningSecret : undefined;
          if (sealedSigningSecret === undefined) {
            const secret = `whsec_${randomBytes(32).toString('hex')}`;
            revealed.set(id, secret);
            sealedSigningSecret = await seal(secret);
          }
          return { id, type: 'webhook', target, events, sealedUrl, sealedSigningSecret };
        }
      }
    };

    try {
      const channels: StoredNotificationChannel[] = [];
      for (const [index, input] of request.body.channels.entries()) channels.push(await build(input, index));
      await handleUserCommand(eventStore, uid, notificationChannelsDecider, { type: 'SetNotificationChannels', channels, at: app.deps.clock().toISOString() });
      // Secrets no longer used are shredded: their sealed copies in the log can no longer be opened.
      const kept = new Set(channels.flatMap(keyIdsOf));
      await Promise.all(saved.flatMap(keyIdsOf).filter((keyId) => !kept.has(keyId)).map((keyId) => sealer.destroy(keyId)));
    } catch (error) {
      await Promise.all(sealedNow.map((s) => sealer.destroy(s.keyId)));
      throw error;
    }
    const shown = await views(uid);
    return ok({ channels: shown.map((view) => {
        const signingSecret = revealed.get(view.id);
        return signingSecret === undefined ? view : { ...view, signingSecret };
      }) });
  });

  app.post(
    '/notifications/test',
    {
      config: { rateLimit: { max: TEST_NOTIFICATION_RATE_LIMIT, timeWindow: 60_000 } },
      schema: { tags: ['notifications'], querystring: TestQuerySchema, response: { 200: TestAnswer } },
    },
    async (request) => {
      const { uid } = requireUser(request);
      const channelId = request.query.channelId;
      const channels = (await channelsOf(eventStore, uid)).filter((c) => channelId === undefined || c.id === channelId);
      if (channels.length === 0) throw new ApiError(channelId === undefined ? 400 : 404, channelId === undefined ? 'No notification channel on this account' : 'No such notification channel');
      const notice = testNotice(app.deps.config.publicUrl, app.deps.clock().toISOString());
      const results = await Promise.all(
        channels.map(async (channel) => {
          const outcome = await service.queue.sendNow(uid, await openChannel(sealer, uid, channel), notice);
          return { channelId: channel.id, type: channel.type, delivered: outcome.ok, status: outcome.status ?? null, error: outcome.ok ? null : outcome.error };
        }),
      );
      return ok({ results });
    },
  );

  app.get('/notifications/deliveries', { schema: { tags: ['notifications'], response: { 200: DeliveriesAnswer } } }, async (request) =>
    ok({ deliveries: [...(await service.log.recent(requireUser(request).uid))] }),
  );
};
