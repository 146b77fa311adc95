import { openSqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSealer, DataKeyUnavailableError } from './sealer.js';

type Store = Awaited<ReturnType<typeof openSqliteStore>>;

describe('sealer: AES-256-GCM envelope encryption with crypto-shredding (LEGAL-08, TAB-KEYS-13)', () => {
  let store: Store;
  const masterKey = Buffer.alloc(32, 1);
  const secret = '0x' + 'ab'.repeat(32);

  beforeEach(async () => {
    store = await openSqliteStore({ file: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  it('given a sealed private key, when unsealed by its owner, then the plaintext comes back and the blob does not contain it', async () => {
    const sealer = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' });
    const sealed = await sealer.seal('user-1', secret);
    expect(JSON.stringify(sealed)).not.toContain(secret);
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from(secret).toString('base64'));
    expect(await sealer.unseal('user-1', sealed)).toBe(secret);
  });

  it('given a blob sealed for one user, when another user unseals it, then authentication fails', async () => {
    const sealer = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' });
    const sealed = await sealer.seal('user-1', secret);
    await expect(sealer.unseal('user-2', sealed)).rejects.toThrow();
  });

  it('given a blob sealed for one purpose, when opened as another purpose, then authentication fails', async () => {
    const credentials = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' });
    const webhook = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'webhook' });
    const sealed = await credentials.seal('user-1', secret);
    await expect(webhook.unseal('user-1', sealed)).rejects.toThrow();
  });

  it('given a tampered ciphertext, when unsealed, then it throws instead of returning garbage', async () => {
    const sealer = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' });
    const sealed = await sealer.seal('user-1', secret);
    const ct = Buffer.from(sealed.ciphertext, 'base64');
    ct[0] = (ct[0] ?? 0) ^ 0xff;
    await expect(sealer.unseal('user-1', { ...sealed, ciphertext: ct.toString('base64') })).rejects.toThrow();
  });

  it('given the wrong master key, when unsealed, then it throws', async () => {
    const sealed = await createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' }).seal('u', secret);
    const other = createSealer({ masterKey: Buffer.alloc(32, 2), keyStore: store.keyStore, purpose: 'credentials' });
    await expect(other.unseal('u', sealed)).rejects.toThrow();
  });

  it('given a destroyed data key, when unsealed, then DataKeyUnavailableError (crypto-shredding)', async () => {
    const sealer = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' });
    const sealed = await sealer.seal('user-1', secret);
    expect(await sealer.destroy(sealed.keyId)).toBe(true);
    await expect(sealer.unseal('user-1', sealed)).rejects.toBeInstanceOf(DataKeyUnavailableError);
  });

  it('given two seals of the same value, when compared, then keys and IVs differ', async () => {
    const sealer = createSealer({ masterKey, keyStore: store.keyStore, purpose: 'credentials' });
    const a = await sealer.seal('u', secret);
    const b = await sealer.seal('u', secret);
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });
});
