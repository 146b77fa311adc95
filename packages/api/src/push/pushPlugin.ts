import {
  PushSubscribeBodySchema,
  PushSubscribedViewSchema,
  pushSubscriptionsDecider,
  PushTestResultSchema,
  PushUnsubscribeBodySchema,
  VapidPublicKeyViewSchema,
} from '@hyperhook/domain';
import type { StorePorts } from '@hyperhook/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeOf } from '../routes/auth/schemas.js';
import { handleUserCommand } from '../commands/handleUserCommand.js';
import { ApiError } from '../http/apiError.js';
import type { TargetPolicy } from '../notifications/targetGuard.js';
import { PUSH_COMMAND_ATTEMPTS } from './pushCommandAttempts.js';
import { assertPushEndpointAllowed } from './pushEndpointGuard.js';
import { testMessage } from './pushMessageFor.js';
import { pushSubscriptionsOf, sendPushToUser } from './sendPushToUser.js';
import { startPushNotifier } from './startPushNotifier.js';
import type { VapidKeys } from './vapidKeys.js';

/** Options of the push plugin. */
export type PushOptions = {
  readonly store: Pick<StorePorts, 'eventStore' | 'checkpoints'>;
  /** The VAPID pair, or how to load it (called on first use, so an app that never pushes touches no file). */
  readonly vapid: VapidKeys | (() => VapidKeys);
  /** VAPID contact, e.g. `mailto:support@example.com`. */
  readonly subject: string;
  readonly clock?: () => Date;
  /** The gateway's bearer-token check (`app.authenticate`), run on request: an anonymous caller gets 401 before any validation. */
  readonly authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The signed-in user's id once `authenticate` ran. */
  readonly uidOf: (request: FastifyRequest) => string;
  /**
   * Also run the notifier that sends pushes (one process per deployment should): true starts it
   * when the app is ready, 'onListen' only once it listens (so `inject`-only test apps never do).
   * Default false.
   */
  readonly startNotifier?: boolean | 'onListen';
  /**
   * Whether push endpoints may be on loopback, private or link-local addresses
   * (HYPERHOOK_NOTIFY_ALLOW_PRIVATE_TARGETS): checked when a browser subscribes and before each send.
   */
  readonly targets: TargetPolicy;
  /** Hears why an endpoint was refused at send time, not contacted; default a warning on stderr. */
  readonly onRefused?: (reason: string) => void;
  /** The key of approval tokens the notifier puts on an approval's buttons (see PushNotifierOptions). */
  readonly approvalKey: Uint8Array;
};

const SubscribedSchema = envelopeOf(PushSubscribedViewSchema);

/** Test pushes per minute and address: each one is a request to a third-party push service per device. */
export const TEST_PUSH_RATE_LIMIT = 10;

/**
 * Web push: `GET /api/push/vapid-public-key` (public: the PWA needs it to
 * subscribe), `POST` and `DELETE /api/push/subscription` (signed in) to opt a browser in or out;
 * each is an event on `user-<uid>`. `POST /api/push/test` (signed in) sends a test notification to
 * every subscription of the caller and counts how that went. With `startNotifier`, pushes for
 * executed and failed signals and deleted keys are sent while the app runs.
 */
export async function pushPlugin(app: FastifyInstance, options: PushOptions): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  const { eventStore } = options.store;
  let vapid: VapidKeys | undefined;
  const subscriptions = pushSubscriptionsOf(eventStore);
  const vapidKeys = (): VapidKeys => (vapid ??= typeof options.vapid === 'function' ? options.vapid() : options.vapid);
  const guard = { targets: options.targets, ...(options.onRefused ? { onRefused: options.onRefused } : {}) };

  // Registered by buildApp, whose zod compilers validate these routes and whose error envelope
  // renders validation failures and domain refusals (too many devices: 400).
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/push/vapid-public-key', { schema: { tags: ['push'], security: [], response: { 200: envelopeOf(VapidPublicKeyViewSchema) } } }, async () => ({
    success: true as const,
    data: { publicKey: vapidKeys().publicKey },
  }));

  routes.post(
    '/api/push/subscription',
    { onRequest: options.authenticate, schema: { tags: ['push'], body: PushSubscribeBodySchema, response: { 200: SubscribedSchema } } },
    async (request) => {
      const { endpoint, keys } = request.body;
      // web-push POSTs to whatever endpoint is stored: one on a private address would let a user
      // make the server call its own network (issue 32, point 4). Refused before anything is stored.
      await assertPushEndpointAllowed(endpoint, options.targets);
      await handleUserCommand(
        eventStore,
        options.uidOf(request),
        pushSubscriptionsDecider,
        { type: 'AddPushSubscription', endpoint, keys, at: clock().toISOString() },
        { attempts: PUSH_COMMAND_ATTEMPTS },
      );
      return { success: true as const, data: { subscribed: true } };
    },
  );

  routes.delete(
    '/api/push/subscription',
    { onRequest: options.authenticate, schema: { tags: ['push'], body: PushUnsubscribeBodySchema, response: { 200: SubscribedSchema } } },
    async (request) => {
      await handleUserCommand(
        eventStore,
        options.uidOf(request),
        pushSubscriptionsDecider,
        { type: 'RemovePushSubscription', endpoint: request.body.endpoint, at: clock().toISOString() },
        { attempts: PUSH_COMMAND_ATTEMPTS },
      );
      return { success: true as const, data: { subscribed: false } };
    },
  );

  routes.post(
    '/api/push/test',
    {
      onRequest: options.authenticate,
      config: { rateLimit: { max: TEST_PUSH_RATE_LIMIT, timeWindow: 60_000 } },
      schema: { tags: ['push'], response: { 200: envelopeOf(PushTestResultSchema) } },
    },
    async (request) => {
      const sender = { eventStore, vapid: vapidKeys(), subject: options.subject, clock, subscriptions, ...guard };
      const result = await sendPushToUser(sender, options.uidOf(request), testMessage());
      // Nothing was tried: this account has no subscription (a gone one still counts as tried).
      if (result.sent + result.removed + result.failed === 0) throw new ApiError(400, 'No push subscription on this account');
      return { success: true as const, data: result };
    },
  );

  if (options.startNotifier) {
    let notifier: Awaited<ReturnType<typeof startPushNotifier>> | undefined;
    const start = async () => {
      const { approvalKey } = options;
      notifier = await startPushNotifier({ store: options.store, vapid: vapidKeys(), subject: options.subject, clock, subscriptions, approvalKey, ...guard });
    };
    if (options.startNotifier === 'onListen') app.addHook('onListen', start);
    else app.addHook('onReady', start);
    app.addHook('onClose', async () => {
      await notifier?.stop();
    });
  }
}
