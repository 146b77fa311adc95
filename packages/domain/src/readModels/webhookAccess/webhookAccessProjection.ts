import { defineProjection, type ReadModelDoc } from '../readModel.js';
import { userDocId, userOfUserStream } from '../userProjection.js';

/** Read-model collection of per-user webhook access rules (IP allowlist). */
export const WEBHOOK_ACCESS_COLLECTION = 'webhookAccess';

/** Who may post to a user's webhook: only the current secret, and only from allowed addresses. */
export type WebhookAccessData = {
  /** Hash of the current secret; every older route is invalid. */
  readonly secretHash: string | null;
  readonly rotatedAt: string | null;
  /** IP addresses or CIDR ranges; empty means any source. */
  readonly ipAllowlist: readonly string[];
};

/** A webhook access document (id = uid). */
export type WebhookAccessDoc = ReadModelDoc<WebhookAccessData>;

const NO_ACCESS: WebhookAccessData = { secretHash: null, rotatedAt: null, ipAllowlist: [] };

/** Webhook access: per user, the current secret hash (WebhookSecretRotated) and IP allowlist (IpAllowlistUpdated). */
export const webhookAccessProjection = defineProjection<WebhookAccessData>({
  collection: WEBHOOK_ACCESS_COLLECTION,
  idOf: userDocId((e) => e.type === 'WebhookSecretRotated' || e.type === 'IpAllowlistUpdated'),
  userIdOf: userOfUserStream,
  evolve: (current, event) => {
    const base = current ?? NO_ACCESS;
    switch (event.type) {
      case 'WebhookSecretRotated':
        return { ...base, secretHash: event.data.secretHash, rotatedAt: event.data.at };
      case 'IpAllowlistUpdated':
        return { ...base, ipAllowlist: event.data.ips };
      default:
        return current;
    }
  },
});
