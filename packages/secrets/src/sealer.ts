import { randomBytes, randomUUID } from 'node:crypto';
import type { Sealed } from '@hyperhook/domain';
import type { KeyStore } from '@hyperhook/store';
import { gcmDecrypt, gcmEncrypt } from './aesGcm.js';

/** Thrown when a sealed value's data key was destroyed (crypto-shredded) or never existed. */
export class DataKeyUnavailableError extends Error {
  constructor(readonly keyId: string) {
    super(`Data key ${keyId} is not available (destroyed or unknown)`);
    this.name = 'DataKeyUnavailableError';
  }
}

/** Envelope encryption for one secret domain (e.g. exchange credentials, webhook URL secrets). */
export interface Sealer {
  /**
   * Seals `plaintext` for `owner` under a NEW data key, wrapped by the master key and stored in the
   * KeyStore. One data key per sealed value means destroying it shreds exactly that value.
   */
  seal(owner: string, plaintext: string): Promise<Sealed>;
  /** Opens a value sealed for `owner`; throws DataKeyUnavailableError once its key is destroyed. */
  unseal(owner: string, sealed: Sealed): Promise<string>;
  /** Destroys a data key for good; every copy sealed under it becomes unreadable. */
  destroy(keyId: string): Promise<boolean>;
}

/**
 * A Sealer over a KeyStore. `purpose` is bound into every AAD so a blob sealed for one purpose
 * (say, a webhook secret) can never be opened as another (an exchange key), and the owner is bound
 * so a blob copied into another user's stream does not open there.
 */
export function createSealer(options: { masterKey: Buffer; keyStore: KeyStore; purpose: string }): Sealer {
  const { masterKey, keyStore, purpose } = options;
  const wrapAad = (keyId: string) => `hyperhook:dk:${purpose}:${keyId}`;
  const valueAad = (owner: string, keyId: string) => `hyperhook:val:${purpose}:${owner}:${keyId}`;

  return {
    async seal(owner, plaintext) {
      const keyId = `${purpose}-${randomUUID()}`;
      const dataKey = randomBytes(32);
      const wrapped = gcmEncrypt(masterKey, dataKey, wrapAad(keyId));
      await keyStore.put(keyId, Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext]));
      const box = gcmEncrypt(dataKey, Buffer.from(plaintext, 'utf8'), valueAad(owner, keyId));
      dataKey.fill(0);
      return {
        v: 1,
        keyId,
        iv: box.iv.toString('base64'),
        ciphertext: box.ciphertext.toString('base64'),
        tag: box.tag.toString('base64'),
      };
    },
    async unseal(owner, sealed) {
      const stored = await keyStore.get(sealed.keyId);
      if (!stored) throw new DataKeyUnavailableError(sealed.keyId);
      const buf = Buffer.from(stored);
      const dataKey = gcmDecrypt(masterKey, { iv: buf.subarray(0, 12), tag: buf.subarray(12, 28), ciphertext: buf.subarray(28) }, wrapAad(sealed.keyId));
      try {
        const box = {
          iv: Buffer.from(sealed.iv, 'base64'),
          ciphertext: Buffer.from(sealed.ciphertext, 'base64'),
          tag: Buffer.from(sealed.tag, 'base64'),
        };
        return gcmDecrypt(dataKey, box, valueAad(owner, sealed.keyId)).toString('utf8');
      } finally {
        dataKey.fill(0);
      }
    },
    destroy(keyId) {
      return keyStore.destroy(keyId);
    },
  };
}
