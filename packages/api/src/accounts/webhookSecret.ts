import { randomBytes } from 'node:crypto';
import type { Sealed, UserEvent } from '@hyperhook/domain';
import type { Sealer } from '@hyperhook/secrets';
import { sha256Hex } from './sha256Hex.js';

/** 192 bits of randomness: well above the 128 bits that make a webhook URL unguessable. */
const SECRET_BYTES = 24;

/** A fresh webhook secret: the secret itself (only ever shown in the URL), its hash and its sealed copy. */
export interface NewWebhookSecret {
  readonly secret: string;
  readonly secretHash: string;
  readonly sealedSecret: Sealed;
}

/**
 * Generates a webhook secret (crypto.randomBytes, base64url so it fits a URL path). Intake looks it
 * up by SHA-256 hash; the sealed copy (sealers.webhook, bound to the user) lets the api show the
 * URL again. The secret is never stored in clear.
 */
export async function newWebhookSecret(sealer: Sealer, uid: string): Promise<NewWebhookSecret> {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { secret, secretHash: sha256Hex(secret), sealedSecret: await sealer.seal(uid, secret) };
}

/** `{PUBLIC_URL}/hook/<secret>`. */
export function webhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/hook/${secret}`;
}

/** The current sealed secret of the account's own URL (the first strategy's latest rotation), or null. */
export function currentSealedSecret(events: readonly UserEvent[]): Sealed | null {
  let sealed: Sealed | null = null;
  for (const event of events) if (event.type === 'WebhookSecretRotated' && event.data.strategyId === undefined) sealed = event.data.sealedSecret;
  return sealed;
}
