import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTICE_EVENTS,
  foldState,
  maskedTarget,
  notificationChannelsDecider,
  notificationPreferencesDecider,
  NotificationSettingsInputSchema,
  NotificationTestQuerySchema,
  type NotificationChannelInput,
  type Sealed,
  type StoredNotificationChannel,
} from '@hyperhook/domain';
import { readUserStream } from '@hyperhook/eventsourcing';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authPlugin.js';
import { handleUserCommand } from '../../commands/handleUserCommand.js';
import { ApiError } from '../../http/apiError.js';
import { ok } from '../../http/envelope.js';
import { channelsOf, channelView, openChannel } from '../../notifications/channelStore.js';
import { testNotice } from '../../notifications/noticeFor.js';
import { preferencesView } from '../../notifications/preferencesView.js';
import { assertAllowedTarget, TargetRefusedError } from '../../notifications/targetGuard.js';
import { DeliveriesAnswer, NotificationsAnswer, SavedNotificationsAnswer, TestAnswer } from './notificationsSchemas.js';

/** Test sends per minute and address: each is a request to a third party per channel. */
export const TEST_NOTIFICATION_RATE_LIMIT = 10;

const fieldError = (field: string, message: string) =>
  new ApiError(400, `${field}: ${message}`, { title: 'Invalid notification channels', fieldErrors: [{ field, message }] });

/** A schema failure of the body, each issue as a fieldError (`silenceAlarms.0.minutes`). */
function invalidBody(error: Pick<FastifyError, 'validation'>): ApiError {
  const fieldErrors = (error.validation ?? []).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
    message: issue.message ?? 'is invalid',
  }));
  const message = fieldErrors.length === 0 ? 'Invalid body' : `Invalid body: ${fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; ')}`;
  return new ApiError(400, message, { title: 'Invalid notification settings', fieldErrors });
}

/** Every data key a channel's secrets are sealed under. */
const keyIdsOf = (channel: StoredNotificationChannel): string[] =>
  channel.type === 'telegram'
    ? [channel.sealedBotToken.keyId]
    : channel.type === 'discord'
      ? [channel.sealedUrl.keyId]
      : [channel.sealedUrl.keyId, channel.sealedSigningSecret.keyId];

/**
 * Notification channels (issue 30, point 2): `PUT /api/notifications` replaces the caller's
 * Telegram, Discord and outgoing-webhook channels and the events each gets (a new webhook
 * channel's signing secret is answered this once), and, when given, web push's events, the
 * silence alarms and the daily summary (point 3); `GET` shows them, channels without any secret
 * and with how their last delivery went, `POST /test` sends a test to each, `GET /deliveries` lists the
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
  const preferencesState = async (uid: string) => foldState(notificationPreferencesDecider, (await readUserStream(eventStore, uid)).events);
  const preferences = async (uid: string) => preferencesView(app.deps.store.readStore, uid, await preferencesState(uid), app.deps.clock());

  app.get('/notifications', { schema: { tags: ['notifications'], response: { 200: NotificationsAnswer } } }, async (request) => {
    const { uid } = requireUser(request);
    const [channels, saved] = await Promise.all([views(uid), preferences(uid)]);
    return ok({ channels, ...saved });
  });

  // The form names each field in error (a bad time zone, minutes out of range), so schema
  // failures of this body answer fieldErrors too, in the same envelope as the route's own refusals.
  app.put(
    '/notifications',
    { attachValidation: true, schema: { tags: ['notifications'], body: NotificationSettingsInputSchema, response: { 200: SavedNotificationsAnswer } } },
    async (request) => {
      if (request.validationError) throw invalidBody(request.validationError);
      const { uid } = requireUser(request);
      const saved = await channelsOf(eventStore, uid);
      const defaults = request.body.events ?? DEFAULT_NOTICE_EVENTS;
      // Web push's events, the alarms and the summary: each omitted keeps what was saved. Decided
      // once before anything is sealed or saved, so an unknown strategy refuses the whole request.
      const { webPush, silenceAlarms, dailySummary, riskAlarms } = request.body;
      const preferencesCommand =
        webPush === undefined && silenceAlarms === undefined && dailySummary === undefined && riskAlarms === undefined
          ? null
          : {
              type: 'SetNotificationPreferences' as const,
              at: app.deps.clock().toISOString(),
              ...(webPush ? { webPush } : {}),
              ...(silenceAlarms ? { silenceAlarms } : {}),
              ...(dailySummary !== undefined ? { dailySummary } : {}),
              ...(riskAlarms ? { riskAlarms } : {}),
            };
      if (preferencesCommand !== null) notificationPreferencesDecider.decide(preferencesCommand, await preferencesState(uid));
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
            return {
              id,
              type: 'telegram',
              target: input.chatId,
              events,
              sealedBotToken: input.botToken === undefined ? (keep as Sealed) : await seal(input.botToken),
            };
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
        await handleUserCommand(eventStore, uid, notificationChannelsDecider, {
          type: 'SetNotificationChannels',
          channels,
          at: app.deps.clock().toISOString(),
        });
        if (preferencesCommand !== null) await handleUserCommand(eventStore, uid, notificationPreferencesDecider, preferencesCommand);
        // Secrets no longer used are shredded: their sealed copies in the log can no longer be opened.
        const kept = new Set(channels.flatMap(keyIdsOf));
        await Promise.all(
          saved
            .flatMap(keyIdsOf)
            .filter((keyId) => !kept.has(keyId))
            .map((keyId) => sealer.destroy(keyId)),
        );
      } catch (error) {
        await Promise.all(sealedNow.map((s) => sealer.destroy(s.keyId)));
        throw error;
      }
      const [shown, kept] = await Promise.all([views(uid), preferences(uid)]);
      return ok({
        channels: shown.map((view) => {
          const signingSecret = revealed.get(view.id);
          return signingSecret === undefined ? view : { ...view, signingSecret };
        }),
        ...kept,
      });
    },
  );

  app.post(
    '/notifications/test',
    {
      config: { rateLimit: { max: TEST_NOTIFICATION_RATE_LIMIT, timeWindow: 60_000 } },
      schema: { tags: ['notifications'], querystring: NotificationTestQuerySchema, response: { 200: TestAnswer } },
    },
    async (request) => {
      const { uid } = requireUser(request);
      const channelId = request.query.channelId;
      const channels = (await channelsOf(eventStore, uid)).filter((c) => channelId === undefined || c.id === channelId);
      if (channels.length === 0)
        throw new ApiError(
          channelId === undefined ? 400 : 404,
          channelId === undefined ? 'No notification channel on this account' : 'No such notification channel',
        );
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
