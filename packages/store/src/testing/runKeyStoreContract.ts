import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KeyStore } from '../ports/KeyStore.js';
import type { Closable, Fixture, FixtureFactory, KeyStorePorts } from './fixtures.js';
import { itWhen, type AdapterCapabilities } from './fixtures.js';

const bytes = (...values: number[]) => new Uint8Array(values);

/** The KeyStore contract (crypto-shredding). */
export function runKeyStoreContract(name: string, factory: FixtureFactory<KeyStorePorts>, capabilities: AdapterCapabilities = {}): void {
  describe(`KeyStore contract: ${name}`, () => {
    let fixture: Fixture<KeyStorePorts>;
    let open: Closable;
    let keys: KeyStore;

    beforeEach(async () => {
      fixture = await factory();
      open = fixture;
      keys = fixture.keyStore;
    });
    afterEach(async () => {
      await open.close();
    });

    it('given a stored key, then get returns its bytes; an unknown key is undefined', async () => {
      await keys.put('dek-u-1', bytes(1, 2, 3));
      await expect(keys.get('dek-u-1')).resolves.toEqual(bytes(1, 2, 3));
      await expect(keys.get('dek-u-2')).resolves.toBeUndefined();
    });

    it('given a stored key, when put again (re-wrapped), then the new bytes replace the old', async () => {
      await keys.put('dek-u-1', bytes(1));
      await keys.put('dek-u-1', bytes(9, 9));
      await expect(keys.get('dek-u-1')).resolves.toEqual(bytes(9, 9));
    });

    it('given a stored key, when destroyed, then it is gone for good and a second destroy reports false', async () => {
      await keys.put('dek-u-1', bytes(1, 2));
      await keys.put('dek-u-2', bytes(3));
      await expect(keys.destroy('dek-u-1')).resolves.toBe(true);
      await expect(keys.get('dek-u-1')).resolves.toBeUndefined();
      await expect(keys.destroy('dek-u-1')).resolves.toBe(false);
      await expect(keys.get('dek-u-2')).resolves.toEqual(bytes(3));
    });

    it('given a returned key, when the caller zeroes it, then the stored key is unaffected', async () => {
      await keys.put('dek-u-1', bytes(7, 7));
      const copy = await keys.get('dek-u-1');
      copy?.fill(0);
      await expect(keys.get('dek-u-1')).resolves.toEqual(bytes(7, 7));
    });

    it('given invalid input, then put rejects', async () => {
      await expect(keys.put('', bytes(1))).rejects.toThrow();
      await expect(keys.put('k', new Uint8Array())).rejects.toThrow();
    });

    itWhen(capabilities.durable, 'given keys, when closed and reopened, then stored keys remain and destroyed ones stay destroyed', async () => {
      if (!fixture.reopen) throw new Error('a durable adapter must provide reopen');
      await keys.put('dek-u-1', bytes(1));
      await keys.put('dek-u-2', bytes(2));
      await keys.destroy('dek-u-2');
      await fixture.close();
      const reopened = await fixture.reopen();
      open = reopened;
      await expect(reopened.keyStore.get('dek-u-1')).resolves.toEqual(bytes(1));
      await expect(reopened.keyStore.get('dek-u-2')).resolves.toBeUndefined();
    });
  });
}
