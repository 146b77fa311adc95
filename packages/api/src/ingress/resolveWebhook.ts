import { createHash } from 'node:crypto';
import { WEBHOOK_ACCESS_COLLECTION, WEBHOOK_ROUTES_COLLECTION, type WebhookAccessData, type WebhookRouteData } from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';
import { secretHashesEqual } from './secretHashesEqual.js';

/** Longest secret worth hashing: generated secrets are 32 characters; anything far longer is noise. */
const MAX_SECRET_LENGTH = 256;

/** The owner of a live webhook URL and its access rules. */
export type ResolvedWebhook = { readonly uid: string; readonly ipAllowlist: readonly string[] };

/**
 * Finds the user behind `/hook/<secret>`: the SHA-256 of the secret is looked up in the
 * webhookRoutes read model, and must also be the user's current secret (a rotated URL
 * is dead at once). Only hashes are compared, in constant time (secretHashesEqual), so response
 * times say nothing about how close a guess was. Unknown or rotated: null.
 */
export async function resolveWebhook(readStore: ReadStore, secret: string): Promise<ResolvedWebhook | null> {
  if (secret.length === 0 || secret.length > MAX_SECRET_LENGTH) return null;
  const hash = createHash('sha256').update(secret, 'utf8').digest('hex');
  const route = await readStore.get<WebhookRouteData>(WEBHOOK_ROUTES_COLLECTION, hash);
  if (route === undefined || !secretHashesEqual(hash, route.data.secretHash)) return null;
  const access = await readStore.get<WebhookAccessData>(WEBHOOK_ACCESS_COLLECTION, route.data.uid);
  if (access === undefined || !secretHashesEqual(hash, access.data.secretHash)) return null;
  return { uid: route.data.uid, ipAllowlist: access.data.ipAllowlist };
}
