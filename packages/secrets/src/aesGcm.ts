import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/** AES-256-GCM output; `aad` binds the ciphertext to its context so it cannot be replayed elsewhere. */
export type GcmBox = { iv: Buffer; ciphertext: Buffer; tag: Buffer };

/** Encrypts with a fresh random 96-bit IV. */
export function gcmEncrypt(key: Buffer, plaintext: Buffer, aad: string): GcmBox {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

/** Decrypts and authenticates; throws when the key, AAD, IV or ciphertext was tampered with. */
export function gcmDecrypt(key: Buffer, box: GcmBox, aad: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, box.iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(box.tag);
  return Buffer.concat([decipher.update(box.ciphertext), decipher.final()]);
}
