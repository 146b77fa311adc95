import { afterAll, describe, expect, it } from 'vitest';
import { openPgStore } from './openPgStore.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from './testing/testPostgres.js';

describe('PostgreSQL projection batches write runs of upserts in one statement', () => {
  const schema = freshSchemaName('up');
  afterAll(() => dropSchemas([schema]));

  it('given a batch mixing new, newer, older and repeated documents of two collections, then each change applies exactly as it would alone, in order', async () => {
    const store = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
    await store.readStore.upsert('logs', { id: 'kept', userId: 'u-1', version: 5, data: { v: 'stored' } });
    await store.readStore.upsert('logs', { id: 'older', userId: 'u-1', version: 1, data: { v: 'stored' } });

    const { applied } = await store.unitOfWork.applyBatch({
      changes: [
        { kind: 'upsert', collection: 'logs', doc: { id: 'new', userId: 'u-1', version: 1, data: { v: 'a' } } },
        { kind: 'upsert', collection: 'logs', doc: { id: 'kept', userId: 'u-1', version: 3, data: { v: 'stale' } } },
        { kind: 'upsert', collection: 'logs', doc: { id: 'older', userId: 'u-1', version: 2, data: { v: 'newer' } } },
        { kind: 'upsert', collection: 'positions', doc: { id: 'new', userId: 'u-1', version: 1, data: { v: 'other collection' } } },
        { kind: 'upsert', collection: 'logs', doc: { id: 'new', userId: 'u-1', version: 2, data: { v: 'b' } } },
        { kind: 'delete', collection: 'logs', id: 'older', version: 9 },
        { kind: 'upsert', collection: 'logs', doc: { id: 'older', userId: 'u-1', version: 4, data: { v: 'behind the tombstone' } } },
      ],
      checkpoint: { name: 'read-models@g0', position: 7 },
    });

    expect(applied).toEqual([true, false, true, true, true, true, false]);
    expect((await store.readStore.get('logs', 'new'))?.data).toEqual({ v: 'b' });
    expect((await store.readStore.get('logs', 'kept'))?.data).toEqual({ v: 'stored' });
    expect(await store.readStore.get('logs', 'older')).toBeUndefined();
    expect((await store.readStore.get('positions', 'new'))?.data).toEqual({ v: 'other collection' });
    expect(await store.checkpoints.get('read-models@g0')).toBe(7);
    await store.close();
  });
});
