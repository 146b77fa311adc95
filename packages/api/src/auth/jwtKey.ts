import { hkdfSync } from 'node:crypto';

/**
 * Derives the HS256 token key from the master key (HKDF-SHA256 with a fixed label), so a deployment
 * has one secret to keep and every api instance sharing the master key accepts the same tokens.
 * Rotating the master key signs everyone out, which is what a key rotation should do.
 */
export function deriveJwtSecret(masterKey: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'hyperhook:jwt:hs256:v1', 32));
}
