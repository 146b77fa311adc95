import type { FastifyReply } from 'fastify';
import type { AppDeps } from './appDeps.js';
import type { NotificationsService } from './notifications/notificationsService.js';
import type { AppMetrics } from './plugins/metrics.js';

/** The signed-in user of a request, set by `app.authenticate`. */
export interface AuthenticatedUser {
  readonly uid: string;
  readonly email: string;
  /** Id of the access token used, the handle of logout. */
  readonly jti: string;
  /** Expiry of that token, seconds since the epoch. */
  readonly exp: number;
}

// Decorators are the gateway's ports: plugins (including ingress, live and push, written
// elsewhere) reach the dependencies, the authentication hook and the metrics through them.
declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies buildApp was given. */
    deps: AppDeps;
    /** preHandler: 401 unless a valid, unrevoked `Authorization: Bearer` access token is present; sets `request.user`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Verifies an access token (signature, expiry, revocation, account) without a request, e.g. for a WebSocket handshake. */
    verifyAccessToken: (token: string) => Promise<{ uid: string; email: string }>;
    /** Named Prometheus metrics. */
    metrics: AppMetrics;
    /** Notification channels: the delivery queue and history (issue 30). */
    notifications: NotificationsService;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on public routes. */
    user: AuthenticatedUser | null;
  }
}
