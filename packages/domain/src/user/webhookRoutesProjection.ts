import { defineProjection, type ReadModelDoc } from '../readModels/readModel.js';
import { userDocId, userOfUserStream } from '../readModels/userProjection.js';

/** Read-model collection mapping a webhook secret's hash to its owner. */
export const WEBHOOK_ROUTES_COLLECTION = 'webhookRoutes';

/**
 * One webhook secret ever issued, keyed by its SHA-256 hex digest. A route only says whose secret
 * it was: intake must also check {@link WebhookAccessData.secretHash} (the current secret), because
 * a projection cannot delete the previous route when a rotation event does not name it.
 */
export type WebhookRouteData = {
  readonly uid: string;
  /** The strategy the URL belongs to (issue 29); absent in routes older than strategies: the first. */
  readonly strategyId?: string;
  readonly secretHash: string;
  readonly issuedAt: string;
};

/** A webhook route document (id = secret hash). */
export type WebhookRouteDoc = ReadModelDoc<WebhookRouteData>;

/**
 * Webhook routes: secret hash → uid and strategy, from WebhookSecretRotated. Intake looks the hash of the URL's
 * secret up here in one indexed read, whatever the number of users.
 */
export const webhookRoutesProjection = defineProjection<WebhookRouteData>({
  collection: WEBHOOK_ROUTES_COLLECTION,
  idOf: (event, meta) => (event.type === 'WebhookSecretRotated' && userDocId(() => true)(event, meta) !== null ? event.data.secretHash : null),
  userIdOf: userOfUserStream,
  evolve: (current, event, meta) => {
    if (event.type !== 'WebhookSecretRotated') return current;
    const uid = userOfUserStream(event, meta);
    // A secret hash is issued once; keep the first owner if a (theoretical) collision repeats it.
    if (current !== null || uid === null) return current;
    return {
      uid,
      secretHash: event.data.secretHash,
      issuedAt: event.data.at,
      ...(event.data.strategyId !== undefined ? { strategyId: event.data.strategyId } : {}),
    };
  },
});
