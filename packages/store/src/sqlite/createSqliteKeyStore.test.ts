import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

describe('SQLite key store shredding', () => {
  let file: string;
  let cleanup: () => void;
  beforeEach(() => ({ file, cleanup } = tempStoreFile()));
  afterEach(() => cleanup());

  const onDisk = (needle: Buffer) => ['', '-wal'].some((suffix) => existsSync(file + suffix) && readFileSync(file + suffix).includes(needle));

  it('given a wrapped key on disk, when destroyed, then its bytes are in neither the database file nor the WAL', async () => {
    const store = await openSqliteStore({ file });
    const secret = Buffer.from('WRAPPED-DATA-KEY-7f3a9c1e5b2d4f6a8c0e1b3d5f7a9c2e');
    await store.keyStore.put('dek-u-1', secret);
    await store.keyStore.put('dek-u-2', Buffer.from('another key that stays'));
    await store.eventStore.append('user-1', [{ type: 'KeysDeleted', data: {} }]);
    expect(onDisk(secret)).toBe(true);

    await store.keyStore.destroy('dek-u-1');

    expect(onDisk(secret)).toBe(false);
    await expect(store.keyStore.get('dek-u-2')).resolves.toBeDefined();
    await store.close();
    expect(onDisk(secret)).toBe(false);
  });
});
