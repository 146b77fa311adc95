import { createHash } from 'node:crypto';
import {
  FIRST_STRATEGY_ID,
  strategyAccess,
  WEBHOOK_ACCESS_COLLECTION,
  WEBHOOK_ROUTES_COLLECTION,
  type WebhookAccessData,
  type WebhookRouteData,
} from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';
import { secretHashesEqual } from './secretHashesEqual.js';

/** Longest secret worth hashing: generated secrets are 32 characters; anything far longer is noise. */
const MAX_SECRET_LENGTH = 256;

/** The owner and strategy of a live webhook URL, and its access rules. */
export type ResolvedWebhook = {
  readonly uid: string;
  readonly strategyId: string;
  readonly strategyName: string;
  readonly ipAllowlist: readonly string[];
  readonly venue?: 'paper';
};

/**
 * Finds the user and strategy behind `/hook/<secret>`: the SHA-256 of the secret is looked up in
 * the webhookRoutes read model, and must also be that strategy's current secret (a rotated URL,
 * or a deleted strategy's, is dead at once). Only hashes are compared, in constant time
 * (secretHashesEqual), so response times say nothing about how close a guess was. Unknown,
 * rotated or deleted: null.
 */
export async function resolveWebhook(readStore: ReadStore, secret: string): Promise<ResolvedWebhook | null> {
  if (secret.length === 0 || secret.length > MAX_SECRET_LENGTH) return null;
  const hash = createHash('sha256').update(secret, 'utf8').digest('hex');
  const route = await readStore.get<WebhookRouteData>(WEBHOOK_ROUTES_COLLECTION, hash);
  if (route === undefined || !secretHashesEqual(hash, route.data.secretHash)) return null;
  const access = await readStore.get<WebhookAccessData>(WEBHOOK_ACCESS_COLLECTION, route.data.uid);
  const strategyId = route.data.strategyId ?? FIRST_STRATEGY_ID;
  const strategy = access === undefined ? null : strategyAccess(access.data, strategyId);
  if (access === undefined || strategy === null || !secretHashesEqual(hash, strategy.secretHash)) return null;
  return {
    uid: route.data.uid,
    strategyId,
    strategyName: strategy.name,
    ipAllowlist: access.data.ipAllowlist,
    ...(strategy.venue === 'paper' ? { venue: strategy.venue } : {}),
  };
}
