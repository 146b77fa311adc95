import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadDocument, ReadStore } from '../ports/ReadStore.js';
import type { Closable, Fixture, FixtureFactory, ReadStorePorts } from './fixtures.js';
import { itWhen, type AdapterCapabilities } from './fixtures.js';

const LOGS = 'webhookLogs';

function log(id: string, userId: string, receivedAt: number, extra: Record<string, string | number | boolean | null> = {}, version = 1): ReadDocument {
  return { id, userId, version, data: { receivedAt, updatedAt: 1000 - receivedAt, status: 'received', ...extra } };
}

/** The ReadStore contract: every read-model adapter must pass it. */
export function runReadStoreContract(name: string, factory: FixtureFactory<ReadStorePorts>, capabilities: AdapterCapabilities = {}): void {
  describe(`ReadStore contract: ${name}`, () => {
    let fixture: Fixture<ReadStorePorts>;
    let open: Closable;
    let store: ReadStore;

    beforeEach(async () => {
      fixture = await factory();
      open = fixture;
      store = fixture.readStore;
    });
    afterEach(async () => {
      await open.close();
    });

    describe('guarded upserts', () => {
      it('given no document, when upserting, then it is stored as given', async () => {
        await expect(store.upsert(LOGS, log('s-1', 'u-1', 5))).resolves.toBe(true);
        await expect(store.get(LOGS, 's-1')).resolves.toEqual(log('s-1', 'u-1', 5));
        await expect(store.get(LOGS, 'missing')).resolves.toBeUndefined();
      });

      it('given a document without owner, then it reads back without userId', async () => {
        await store.upsert('settings', { id: 'global', version: 0, data: { a: 1 } });
        await expect(store.get('settings', 'global')).resolves.toEqual({ id: 'global', version: 0, data: { a: 1 } });
      });

      it('given version 3 stored, when an older or equal version arrives (re-delivery), then it is ignored; a newer one applies', async () => {
        await store.upsert(LOGS, log('s-1', 'u-1', 5, { status: 'executed' }, 3));
        await expect(store.upsert(LOGS, log('s-1', 'u-1', 5, { status: 'received' }, 2))).resolves.toBe(false);
        await expect(store.upsert(LOGS, log('s-1', 'u-1', 5, { status: 'received' }, 3))).resolves.toBe(false);
        expect((await store.get(LOGS, 's-1'))?.data['status']).toBe('executed');
        await expect(store.upsert(LOGS, log('s-1', 'u-1', 5, { status: 'failed' }, 4))).resolves.toBe(true);
        expect(await store.get(LOGS, 's-1')).toMatchObject({ version: 4, data: { status: 'failed' } });
      });

      it('given the same id in two collections, then they are independent', async () => {
        await store.upsert(LOGS, log('x', 'u-1', 1));
        await store.upsert('positions', { id: 'x', userId: 'u-1', version: 1, data: { coin: 'BTC' } });
        expect((await store.get(LOGS, 'x'))?.data).toMatchObject({ receivedAt: 1 });
        expect((await store.get('positions', 'x'))?.data).toEqual({ coin: 'BTC' });
      });

      it('given invalid documents, then upsert rejects', async () => {
        await expect(store.upsert(LOGS, { id: '', version: 1, data: {} })).rejects.toThrow();
        await expect(store.upsert(LOGS, { id: 'a', version: -1, data: {} })).rejects.toThrow();
        await expect(store.upsert(LOGS, { id: 'a', version: 1, data: [] as never })).rejects.toThrow();
        await expect(store.upsert('', { id: 'a', version: 1, data: {} })).rejects.toThrow();
      });
    });

    describe('per-user queries', () => {
      beforeEach(async () => {
        for (let i = 0; i < 30; i++) {
          await store.upsert(LOGS, log(`u1-${String(i).padStart(2, '0')}`, 'u-1', i, { status: i % 3 === 0 ? 'failed' : 'executed', paper: i % 2 === 0 }));
        }
        for (let i = 0; i < 10; i++) await store.upsert(LOGS, log(`u2-${i}`, 'u-2', 100 + i));
      });

      it('given two users, when querying one by receivedAt desc with a limit, then only their newest documents come back', async () => {
        const docs = await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 5 });
        expect(docs.map((d) => d.data['receivedAt'])).toEqual([29, 28, 27, 26, 25]);
        expect(docs.every((d) => d.userId === 'u-1')).toBe(true);
      });

      it('given ascending order and another sort field, then the order follows that field', async () => {
        const asc = await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'asc', limit: 3 });
        expect(asc.map((d) => d.data['receivedAt'])).toEqual([0, 1, 2]);
        const byUpdated = await store.query(LOGS, { userId: 'u-1', sortBy: 'updatedAt', order: 'desc', limit: 2 });
        expect(byUpdated.map((d) => d.data['updatedAt'])).toEqual([1000, 999]);
      });

      it('given where filters on string and boolean fields, then only equal documents come back', async () => {
        const failed = await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 100, where: { status: 'failed' } });
        expect(failed.map((d) => d.data['receivedAt'])).toEqual([27, 24, 21, 18, 15, 12, 9, 6, 3, 0]);
        const paperFailed = await store.query(LOGS, {
          userId: 'u-1',
          sortBy: 'receivedAt',
          order: 'desc',
          limit: 100,
          where: { status: 'failed', paper: true },
        });
        expect(paperFailed.map((d) => d.data['receivedAt'])).toEqual([24, 18, 12, 6, 0]);
        const none = await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 100, where: { missing: null } });
        expect(none).toHaveLength(30);
      });

      it('given equal sort values, then ties are broken by id in the same direction', async () => {
        await store.upsert('ties', { id: 'b', userId: 'u', version: 1, data: { updatedAt: 1 } });
        await store.upsert('ties', { id: 'a', userId: 'u', version: 1, data: { updatedAt: 1 } });
        await store.upsert('ties', { id: 'c', userId: 'u', version: 1, data: { updatedAt: 1 } });
        expect((await store.query('ties', { userId: 'u', sortBy: 'updatedAt', order: 'desc', limit: 3 })).map((d) => d.id)).toEqual(['c', 'b', 'a']);
        expect((await store.query('ties', { userId: 'u', sortBy: 'updatedAt', order: 'asc', limit: 3 })).map((d) => d.id)).toEqual(['a', 'b', 'c']);
      });

      it('given a field no index serves, then the query still answers correctly', async () => {
        const docs = await store.query(LOGS, { userId: 'u-2', sortBy: 'receivedAt', order: 'desc', limit: 2 });
        expect(docs.map((d) => d.id)).toEqual(['u2-9', 'u2-8']);
        const byStatus = await store.query(LOGS, { userId: 'u-2', sortBy: 'status', order: 'asc', limit: 1 });
        expect(byStatus).toHaveLength(1);
      });

      it('given invalid queries, then query rejects', async () => {
        await expect(store.query(LOGS, { userId: 'u-1', sortBy: "x'); DROP TABLE docs; --", order: 'desc', limit: 1 })).rejects.toThrow();
        await expect(store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'sideways' as never, limit: 1 })).rejects.toThrow();
        await expect(store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 0 })).rejects.toThrow();
        await expect(store.query(LOGS, { userId: '', sortBy: 'receivedAt', order: 'desc', limit: 1 })).rejects.toThrow();
        await expect(store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 1, where: { 'a.b': 1 } })).rejects.toThrow();
      });
    });

    describe('deletes', () => {
      it('given a document, when deleted without version, then it is gone', async () => {
        await store.upsert(LOGS, log('s-1', 'u-1', 1));
        await expect(store.delete(LOGS, 's-1')).resolves.toBe(true);
        await expect(store.get(LOGS, 's-1')).resolves.toBeUndefined();
        await expect(store.delete(LOGS, 's-1')).resolves.toBe(false);
      });

      it('given a versioned delete, when an older upsert is re-delivered, then the document stays deleted; a newer one brings it back', async () => {
        await store.upsert(LOGS, log('s-1', 'u-1', 1, {}, 2));
        await expect(store.delete(LOGS, 's-1', 1)).resolves.toBe(false); // older than the document: ignored
        expect(await store.get(LOGS, 's-1')).toBeDefined();
        await expect(store.delete(LOGS, 's-1', 3)).resolves.toBe(true);
        await expect(store.get(LOGS, 's-1')).resolves.toBeUndefined();
        await expect(store.upsert(LOGS, log('s-1', 'u-1', 1, {}, 2))).resolves.toBe(false);
        await expect(store.get(LOGS, 's-1')).resolves.toBeUndefined();
        expect(await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 10 })).toEqual([]);
        await expect(store.upsert(LOGS, log('s-1', 'u-1', 1, {}, 4))).resolves.toBe(true);
        expect(await store.get(LOGS, 's-1')).toMatchObject({ version: 4 });
      });

      it('given two collections, when one is deleted, then its documents go and the other stays', async () => {
        for (let i = 0; i < 3; i++) await store.upsert(LOGS, log(`s-${i}`, 'u-1', i));
        await store.upsert('positions', { id: 'p', userId: 'u-1', version: 1, data: {} });
        await expect(store.deleteCollection(LOGS)).resolves.toBe(3);
        expect(await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 10 })).toEqual([]);
        expect(await store.get('positions', 'p')).toBeDefined();
      });
    });

    describe('generations (rebuild while serving, then switch)', () => {
      it('given generation 0 serving, when generation 1 is built, then readers see 0 until the switch, then 1 at once', async () => {
        await store.upsert(LOGS, log('s-1', 'u-1', 1, { status: 'old' }));
        expect(await store.activeGeneration(LOGS)).toBe(0);
        const next = store.withGeneration(1);
        await next.upsert(LOGS, log('s-1', 'u-1', 1, { status: 'new' }));
        await next.upsert(LOGS, log('s-2', 'u-1', 2, { status: 'new' }));

        expect((await store.get(LOGS, 's-1'))?.data['status']).toBe('old');
        expect(await store.get(LOGS, 's-2')).toBeUndefined();
        expect(await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 10 })).toHaveLength(1);

        await store.activateGenerations({ [LOGS]: 1 });
        expect(await store.activeGeneration(LOGS)).toBe(1);
        expect((await store.get(LOGS, 's-1'))?.data['status']).toBe('new');
        expect(await store.query(LOGS, { userId: 'u-1', sortBy: 'receivedAt', order: 'desc', limit: 10 })).toHaveLength(2);
        expect(await store.withGeneration(1).activeGeneration(LOGS)).toBe(1);

        // The old generation is still there until dropped.
        const old = store.withGeneration(0);
        expect((await old.get(LOGS, 's-1'))?.data['status']).toBe('old');
        await expect(old.deleteCollection(LOGS)).resolves.toBe(1);
        expect(await store.get(LOGS, 's-1')).toBeDefined();
      });

      it('given several collections, when switched together, then each reads its new generation', async () => {
        await store.withGeneration(2).upsert('a', { id: '1', version: 1, data: { g: 2 } });
        await store.withGeneration(5).upsert('b', { id: '1', version: 1, data: { g: 5 } });
        await store.activateGenerations({ a: 2, b: 5 });
        expect((await store.get('a', '1'))?.data).toEqual({ g: 2 });
        expect((await store.get('b', '1'))?.data).toEqual({ g: 5 });
        expect(() => store.withGeneration(-1)).toThrow();
        await expect(store.activateGenerations({ a: 1.5 })).rejects.toThrow();
      });
    });

    if (capabilities.durable)
      describe('durability', () => {
        itWhen(capabilities.durable, 'given documents and a switched generation, when closed and reopened, then both are still there', async () => {
          if (!fixture.reopen) throw new Error('a durable adapter must provide reopen');
          await store.upsert(LOGS, log('s-1', 'u-1', 1));
          await store.withGeneration(1).upsert('positions', { id: 'p', version: 1, data: { coin: 'ETH' } });
          await store.activateGenerations({ positions: 1 });
          await fixture.close();
          const reopened = await fixture.reopen();
          open = reopened;
          expect(await reopened.readStore.get(LOGS, 's-1')).toEqual(log('s-1', 'u-1', 1));
          expect((await reopened.readStore.get('positions', 'p'))?.data).toEqual({ coin: 'ETH' });
        });
      });
  });
}
