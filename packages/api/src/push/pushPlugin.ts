import type { Agent } from 'node:https';
import { isDomainError, PushKeysSchema, pushSubscriptionsDecider } from '@hyperhook/domain';
import type { StorePorts } from '@hyperhook/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { runUserCommand } from './runUserCommand.js';
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
  /** The gateway's bearer-token preHandler (`app.authenticate`). */
  readonly authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The signed-in user's id once `authenticate` ran. */
  readonly uidOf: (request: FastifyRequest) => string;
  /**
   * Also run the notifier that sends pushes (one process per deployment should): true starts it
   * when the app is ready, 'onListen' only once it listens (so `inject`-only test apps never do).
   * Default false.
   */
  readonly startNotifier?: boolean | 'onListen';
  /** TLS agent for push requests (tests with a self-signed endpoint). */
  readonly agent?: Agent;
};

/** The body PushSubscription#toJSON() gives (`expirationTime` is ignored). */
const SubscribeBodySchema = z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048), keys: PushKeysSchema });
const UnsubscribeBodySchema = z.object({ endpoint: z.url({ protocol: /^https$/ }).max(2048) });

/**
 * Web push (CARD-28, CARD-29): `GET /api/push/vapid-public-key` (public: the PWA needs it to
 * subscribe), `POST` and `DELETE /api/push/subscription` (signed in) to opt a browser in or out;
 * each is an event on `user-<uid>`. With `startNotifier`, pushes for executed and failed signals
 * and deleted keys are sent while the app runs.
 */
export async function pushPlugin(app: FastifyInstance, options: PushOptions): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  const { eventStore } = options.store;
  let vapid: VapidKeys | undefined;
  const vapidKeys = (): VapidKeys => (vapid ??= typeof options.vapid === 'function' ? options.vapid() : options.vapid);

  app.get('/api/push/vapid-public-key', async () => ({ success: true, data: { publicKey: vapidKeys().publicKey } }));

  /** Runs a subscription command, turning refusals into the envelope. */
  const handle = async (reply: FastifyReply, run: () => Promise<unknown>, subscribed: boolean) => {
    try {
      await run();
      return { success: true, data: { subscribed } };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return reply.status(error.code === 'ACCOUNT_NOT_FOUND' ? 404 : 400).send({ success: false, error: error.message, code: error.code });
    }
  };

  app.post('/api/push/subscription', { preHandler: options.authenticate }, async (request, reply) => {
    const body = SubscribeBodySchema.safeParse(request.body);
    if (!body.success) return reply.status(400).send({ success: false, error: `Invalid push subscription: ${z.prettifyError(body.error)}` });
    const uid = options.uidOf(request);
    return handle(
      reply,
      () => runUserCommand(eventStore, uid, pushSubscriptionsDecider, { type: 'AddPushSubscription', ...body.data, at: clock().toISOString() }),
      true,
    );
  });

  app.delete('/api/push/subscription', { preHandler: options.authenticate }, async (request, reply) => {
    const body = UnsubscribeBodySchema.safeParse(request.body);
    if (!body.success) return reply.status(400).send({ success: false, error: `Invalid push subscription: ${z.prettifyError(body.error)}` });
    const uid = options.uidOf(request);
    return handle(
      reply,
      () => runUserCommand(eventStore, uid, pushSubscriptionsDecider, { type: 'RemovePushSubscription', endpoint: body.data.endpoint, at: clock().toISOString() }),
      false,
    );
  });

  if (options.startNotifier) {
    let notifier: Awaited<ReturnType<typeof startPushNotifier>> | undefined;
    const start = async () => {
      notifier = await startPushNotifier({ store: options.store, vapid: vapidKeys(), subject: options.subject, clock, ...(options.agent ? { agent: options.agent } : {}) });
    };
    if (options.startNotifier === 'onListen') app.addHook('onListen', start);
    else app.addHook('onReady', start);
    app.addHook('onClose', async () => {
      await notifier?.stop();
    });
  }
}
