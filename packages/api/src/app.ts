import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './appDeps.js';
import { approvalTokenKey } from './approvals/approvalToken.js';
import { authPlugin } from './auth/authPlugin.js';
import './fastifyTypes.js';
import { recordFirstStrategies } from './accounts/recordFirstStrategies.js';
import { AccessLog } from './logging/accessLog.js';
import { loggerOptions } from './logging/loggerOptions.js';
import { errorEnvelopePlugin } from './plugins/errorEnvelope.js';
import { healthPlugin } from './plugins/health.js';
import { ingressPlugin } from './ingress/ingressPlugin.js';
import { fastifyTrustProxy, ingressSettingsOf } from './ingress/ingressSettings.js';
import { livePlugin } from './live/livePlugin.js';
import { createNotificationsService } from './notifications/notificationsService.js';
import { pushNoticeWith } from './push/pushNotice.js';
import { pushPlugin } from './push/pushPlugin.js';
import { pushSubscriptionsOf } from './push/sendPushToUser.js';
import { notificationPreferencesOf } from './push/startPushNotifier.js';
import { loadVapidKeys } from './push/vapidKeys.js';
import { metricsPlugin } from './plugins/metrics.js';
import { pwaPlugin } from './plugins/pwa.js';
import { frameworkErrors } from './http/frameworkErrors.js';
import { DEFAULT_RATE_LIMIT, securityPlugin } from './plugins/security.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { apiRoutes } from './routes/apiRoutes.js';

/** Default largest request body: settings and keys are small; bigger bodies are refused with 413. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Builds the gateway without listening (fastify/demo's app.ts; server.ts listens). Everything it
 * touches comes from `deps`, so tests build it on an in-memory store, the real projector and the
 * Hyperliquid simulator, and drive it with `app.inject`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const rateLimit = { ...DEFAULT_RATE_LIMIT, ...deps.config.rateLimit };
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    bodyLimit: deps.config.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    logController: new AccessLog(),
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('deps', deps);
  await app.register(errorEnvelopePlugin);
  await app.register(metricsPlugin);
  await app.register(securityPlugin, { rateLimit });
  await app.register(swaggerPlugin);
  await app.register(authPlugin);
  await app.register(healthPlugin);

  // Channel deliveries (issue 30): the routes and the notifier share one queue and history. The
  // notifier starts once the app listens, so `inject`-only test apps never follow the log.
  const notifications = createNotificationsService(deps);
  app.decorate('notifications', notifications);
  // Push endpoints are outgoing URLs too: the channels' target switch governs them (issue 32, point 4).
  const pushTargets = {
    targets: { allowPrivateTargets: notifications.config.allowPrivateTargets },
    onRefused: (reason: string) => app.log.warn({ reason }, 'web push endpoint refused, not contacted'),
  };
  if (notifications.config.notifier) {
    // Silences and daily summaries go by web push from here too (the log's own notices go from the push notifier).
    const pushSender = () => {
      const eventStore = deps.store.eventStore;
      const sender = {
        eventStore,
        vapid: loadVapidKeys({ dataDir: deps.config.dataDir, configured: deps.config.vapidKeys }),
        subject: `mailto:${deps.config.supportEmail}`,
        clock: deps.clock,
        subscriptions: pushSubscriptionsOf(eventStore),
        ...pushTargets,
      };
      return pushNoticeWith(sender, notificationPreferencesOf(eventStore), deps.config.publicUrl);
    };
    app.addHook('onListen', () => notifications.startNotifier((error) => app.log.error({ err: error }, 'notifier failed'), pushSender()));
  }
  app.addHook('onClose', () => notifications.stop());

  await app.register(apiRoutes, { prefix: '/api', authRateLimit: rateLimit.authMax });

  // FEATURE PLUGINS (ingress, live, push) are registered below this line
  await app.register(ingressPlugin, {
    store: deps.store,
    clock: deps.clock,
    ...ingressSettingsOf(deps.config),
    onOutcome: (outcome) => app.metrics.webhookAcks.inc({ outcome }),
  });
  await app.register(livePlugin, { store: deps.store, verifyAccessToken: (token) => app.verifyAccessToken(token) });
  await app.register(pushPlugin, {
    store: deps.store,
    vapid: () => loadVapidKeys({ dataDir: deps.config.dataDir, configured: deps.config.vapidKeys }),
    subject: `mailto:${deps.config.supportEmail}`,
    clock: deps.clock,
    authenticate: (request, reply) => app.authenticate(request, reply),
    uidOf: (request) => request.user?.uid ?? '',
    startNotifier: deps.config.pushNotifier === false ? false : 'onListen',
    approvalKey: approvalTokenKey(deps.config.jwtSecret),
    ...pushTargets,
  });

  await app.register(pwaPlugin);

  // Accounts older than strategies get their first strategy recorded (issue 29), in the
  // background once the api serves: nothing waits on it, as reads and intake treat such an
  // account's settings and URL as its first strategy's already.
  app.addHook('onListen', async () => {
    recordFirstStrategies(deps.store.eventStore, deps.clock).then(
      (migrated) => migrated > 0 && app.log.info({ migrated }, 'first strategies recorded for accounts older than strategies'),
      (error: unknown) => app.log.error({ err: error }, 'recording first strategies failed; it runs again at the next start'),
    );
  });
  return app;
}
