import { FIRST_STRATEGY_ID, FIRST_STRATEGY_NAME, strategyOf } from '../eventModel/strategyIds.js';
import { defineProjection, type ReadModelDoc } from '../readModels/readModel.js';
import { userDocId, userOfUserStream } from '../readModels/userProjection.js';

/** Read-model collection of per-user webhook access rules (IP allowlist). */
export const WEBHOOK_ACCESS_COLLECTION = 'webhookAccess';

/** A strategy's webhook as intake needs it: the hash of its current secret and the name its alerts are logged under. */
export type WebhookStrategyAccess = {
  readonly name: string;
  readonly secretHash: string | null;
  /** `paper` for a paper strategy (issue 30): its alerts are logged as paper; absent, live. */
  readonly venue?: 'paper';
};

/** Who may post to a user's webhooks: only each strategy's current secret, and only from allowed addresses. */
export type WebhookAccessData = {
  /** Hash of the first strategy's current secret (the account's URL); every older route is invalid. */
  readonly secretHash: string | null;
  readonly rotatedAt: string | null;
  /** IP addresses or CIDR ranges; empty means any source. Shared by every strategy's URL. */
  readonly ipAllowlist: readonly string[];
  /** Every strategy not deleted, by id (issue 29); absent in documents older than strategies, which only know the first. */
  readonly strategies?: Readonly<Record<string, WebhookStrategyAccess>>;
};

/** A webhook access document (id = uid). */
export type WebhookAccessDoc = ReadModelDoc<WebhookAccessData>;

const NO_ACCESS: WebhookAccessData = { secretHash: null, rotatedAt: null, ipAllowlist: [] };

const ACCESS_EVENTS = new Set([
  'UserSignedUp',
  'WebhookSecretRotated',
  'IpAllowlistUpdated',
  'StrategyCreated',
  'StrategyRenamed',
  'StrategyDeleted',
  'StrategyPromoted',
]);

function strategiesOf(data: WebhookAccessData): Record<string, WebhookStrategyAccess> {
  return { ...(data.strategies ?? { [FIRST_STRATEGY_ID]: { name: FIRST_STRATEGY_NAME, secretHash: data.secretHash } }) };
}

function withStrategy(
  data: WebhookAccessData,
  id: string,
  update: (current: WebhookStrategyAccess | undefined) => WebhookStrategyAccess | null,
): WebhookAccessData {
  const strategies = strategiesOf(data);
  const next = update(strategies[id]);
  if (next === null) delete strategies[id];
  else strategies[id] = next;
  return { ...data, strategies };
}

/**
 * Webhook access: per user, the current secret hash of each strategy (WebhookSecretRotated, by its
 * strategyId), their names (StrategyCreated, StrategyRenamed; a deleted strategy's URL is dead at
 * once), whether they trade on paper (StrategyCreated, StrategyPromoted) and the IP allowlist
 * (IpAllowlistUpdated).
 */
export const webhookAccessProjection = defineProjection<WebhookAccessData>({
  collection: WEBHOOK_ACCESS_COLLECTION,
  idOf: userDocId((e) => ACCESS_EVENTS.has(e.type)),
  userIdOf: userOfUserStream,
  evolve: (current, event) => {
    const base = current ?? NO_ACCESS;
    switch (event.type) {
      case 'UserSignedUp':
        return current ?? { ...NO_ACCESS, strategies: { [FIRST_STRATEGY_ID]: { name: FIRST_STRATEGY_NAME, secretHash: null } } };
      case 'WebhookSecretRotated': {
        const id = strategyOf(event.data);
        const rotated = withStrategy(base, id, (s) => ({ ...s, name: s?.name ?? FIRST_STRATEGY_NAME, secretHash: event.data.secretHash }));
        return id === FIRST_STRATEGY_ID ? { ...rotated, secretHash: event.data.secretHash, rotatedAt: event.data.at } : rotated;
      }
      case 'StrategyCreated':
        return withStrategy(base, event.data.strategyId, (s) => ({
          name: event.data.name,
          secretHash: s?.secretHash ?? null,
          ...(event.data.venue === 'paper' ? { venue: 'paper' as const } : {}),
        }));
      case 'StrategyPromoted':
        return withStrategy(base, event.data.strategyId, (s) => (s === undefined ? null : { name: s.name, secretHash: s.secretHash }));
      case 'StrategyRenamed':
        return withStrategy(base, event.data.strategyId, (s) => (s === undefined ? null : { ...s, name: event.data.name }));
      case 'StrategyDeleted':
        return withStrategy(base, event.data.strategyId, () => null);
      case 'IpAllowlistUpdated':
        return { ...base, ipAllowlist: event.data.ips };
      default:
        return current;
    }
  },
});

/** The current secret hash and name of a user's strategy, or null when it has none or was deleted. */
export function strategyAccess(data: WebhookAccessData, strategyId: string): WebhookStrategyAccess | null {
  if (data.strategies === undefined) return strategyId === FIRST_STRATEGY_ID ? { name: FIRST_STRATEGY_NAME, secretHash: data.secretHash } : null;
  return data.strategies[strategyId] ?? null;
}
