import { openSqliteStore } from '@hyperhook/store';
import { createSealer, type Sealer } from '@hyperhook/secrets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingUnsealer } from './cachingUnsealer.js';

type Store = Awaited<ReturnType<typeof openSqliteStore>>;

describe('caching unsealer: each sealed API wallet key opened once, not once per order', () => {
  let store: Store;
  let sealer: Sealer;
  let opened: number;
  let counting: Pick<Sealer, 'unseal'>;
  const key = `0x${'ab'.repeat(32)}`;

  beforeEach(async () => {
    store = await openSqliteStore({ file: ':memory:' });
    sealer = createSealer({ masterKey: Buffer.alloc(32, 7), keyStore: store.keyStore, purpose: 'credentials' });
    opened = 0;
    counting = { unseal: (owner, sealed) => ((opened += 1), sealer.unseal(owner, sealed)) };
  });
  afterEach(async () => {
    await store.close();
  });

  it('given one sealed key, when it is opened for three orders, then the key store and the cipher are asked once and each order gets the key', async () => {
    const sealed = await sealer.seal('user-1', key);
    const unsealer = cachingUnsealer(counting);

    const keys = [await unsealer.unseal('user-1', sealed), await unsealer.unseal('user-1', sealed), await unsealer.unseal('user-1', sealed)];

    expect(keys).toEqual([key, key, key]);
    expect(opened).toBe(1);
  });

  it('given a key opened for its owner, when another user presents the same blob, then it is opened afresh and refused', async () => {
    const sealed = await sealer.seal('user-1', key);
    const unsealer = cachingUnsealer(counting);
    await unsealer.unseal('user-1', sealed);

    await expect(unsealer.unseal('user-2', sealed)).rejects.toThrow();
    expect(opened).toBe(2);
  });

  it('given keys saved again (a new sealed blob), when the new one is opened, then it is opened afresh', async () => {
    const unsealer = cachingUnsealer(counting);
    await unsealer.unseal('user-1', await sealer.seal('user-1', key));
    const other = `0x${'cd'.repeat(32)}`;

    expect(await unsealer.unseal('user-1', await sealer.seal('user-1', other))).toBe(other);
    expect(opened).toBe(2);
  });

  it('given a key whose data key was destroyed before it was ever opened, when opened twice, then both fail: failures are not cached', async () => {
    const sealed = await sealer.seal('user-1', key);
    await sealer.destroy(sealed.keyId);
    const unsealer = cachingUnsealer(counting);

    await expect(unsealer.unseal('user-1', sealed)).rejects.toThrow(/not available/);
    await expect(unsealer.unseal('user-1', sealed)).rejects.toThrow(/not available/);
    expect(opened).toBe(2);
  });

  it('given an opened key left unused for longer than its time to live, when asked again, then it is opened afresh', async () => {
    let now = 1_000; // lru-cache reads a start time of 0 as "never set"
    const sealed = await sealer.seal('user-1', key);
    const unsealer = cachingUnsealer(counting, { ttlMs: 1_000, now: () => now });
    await unsealer.unseal('user-1', sealed);

    now = 2_500;
    await unsealer.unseal('user-1', sealed);

    expect(opened).toBe(2);
  });
});
