import { createRequire } from 'node:module';
import type fastifyWebsocket from '@fastify/websocket';
import { asLiveChange, type LiveMessage } from '@hyperhook/domain';
import { userChannel, type StorePorts } from '@hyperhook/store';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { bearerFromHandshake } from './bearerFromHandshake.js';
import { LIVE_ROUTE_DOCS } from './liveRouteDocs.js';
import { liveSnapshot } from './liveSnapshot.js';

/** Options of the live plugin. */
export type LiveOptions = {
  readonly store: Pick<StorePorts, 'readStore' | 'notifier'>;
  /** Verifies an access token (the gateway's `app.verifyAccessToken`); rejects when invalid. */
  readonly verifyAccessToken: (token: string) => Promise<{ uid: string }>;
  /** Ping interval; a socket that has not answered the previous ping is closed. Default 30 000 ms. */
  readonly heartbeatMs?: number;
  /** Path, default '/api/live'. */
  readonly path?: string;
};

// Loaded through Node's own CommonJS loader: @fastify/websocket requires `ws` and needs its CJS
// entry (`WebSocket.Server`); bundling test runners resolving `ws` with the ESM condition break it.
const websocket = createRequire(import.meta.url)('@fastify/websocket') as typeof fastifyWebsocket;

/**
 * `GET /api/live`: a WebSocket that streams the signed-in
 * user's read-model changes (logs, positions, balance, settings, keys, referral) from the
 * Notifier channel `user.<uid>`. The token is checked before the upgrade (401 otherwise). The
 * channel is subscribed before the snapshot is read and notices are held until the snapshot is
 * sent, so nothing falls between the two; the client keeps the highest version per document.
 * The messages are domain's `LiveMessage`, one per read model of `LIVE_READ_MODELS`.
 */
export async function livePlugin(app: FastifyInstance, options: LiveOptions): Promise<void> {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 4096 } });
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const { readStore, notifier } = options.store;

  app.get(
    options.path ?? '/api/live',
    {
      websocket: true,
      // Brings the route back into the OpenAPI document, which @fastify/websocket hides it from.
      config: { swaggerTransform: ({ url }) => ({ schema: LIVE_ROUTE_DOCS, url }) },
      // Runs before the upgrade: an unauthenticated handshake gets a plain 401, never a socket.
      preValidation: async (request, reply) => {
        const token = bearerFromHandshake(request.query, request.headers);
        const user = token === null ? null : await options.verifyAccessToken(token).catch(() => null);
        if (user === null) return reply.status(401).send({ success: false, error: 'Unauthorized' });
        (request as { liveUid?: string }).liveUid = user.uid;
      },
    },
    (socket: WebSocket, request) => {
      const uid = (request as { liveUid?: string }).liveUid;
      if (uid === undefined) return socket.close(1008, 'unauthorized');
      const send = (message: LiveMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      let held: LiveMessage[] | null = [];
      const unsubscribe = notifier.subscribe(userChannel(uid), (message) => {
        // The projector's notice is the change itself (toLiveMessage); anything else is not for clients.
        const change = asLiveChange(message);
        if (change === undefined) return;
        if (held !== null) held.push(change);
        else send(change);
      });

      let alive = true;
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, heartbeatMs);
      heartbeat.unref();
      socket.on('pong', () => (alive = true));
      // Clients may send "ping" text frames (browsers cannot send protocol pings); anything else is ignored.
      socket.on('message', (data) => {
        if (data.toString() === 'ping') socket.send('pong');
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });

      liveSnapshot(readStore, uid).then(
        (snapshot) => {
          send({ type: 'resync', data: snapshot });
          for (const change of held ?? []) send(change);
          held = null;
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'live snapshot failed');
          socket.close(1011, 'snapshot failed');
        },
      );
    },
  );
}
