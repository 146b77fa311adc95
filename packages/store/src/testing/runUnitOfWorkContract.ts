import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../ports/json.js';
import type { NotifierMessage } from '../ports/Notifier.js';
import type { ReadModelChange } from '../ports/UnitOfWork.js';
import type { Fixture, FixtureFactory, UnitOfWorkPorts } from './fixtures.js';
import { waitFor } from './helpers.js';

const upsert = (id: string, version: number, data: JsonObject = { receivedAt: version }): ReadModelChange => ({
  kind: 'upsert',
  collection: 'webhookLogs',
  doc: { id, userId: 'u-1', version, data },
});

/** The projection unit-of-work contract: changes, generation switches and checkpoint are atomic. */
export function runUnitOfWorkContract(name: string, factory: FixtureFactory<UnitOfWorkPorts>): void {
  describe(`UnitOfWork contract: ${name}`, () => {
    let ports: Fixture<UnitOfWorkPorts>;

    beforeEach(async () => {
      ports = await factory();
    });
    afterEach(async () => {
      await ports.close();
    });

    it('given a batch of changes and a checkpoint, when applied, then all are stored and each change reports if it applied', async () => {
      await ports.readStore.upsert('webhookLogs', { id: 'gone', userId: 'u-1', version: 1, data: {} });
      const result = await ports.unitOfWork.applyBatch({
        changes: [upsert('s-1', 1), upsert('s-2', 1), upsert('s-1', 2), upsert('s-1', 1), { kind: 'delete', collection: 'webhookLogs', id: 'gone' }],
        checkpoint: { name: 'webhookLogs', position: 10 },
      });
      expect(result.applied).toEqual([true, true, true, false, true]);
      expect(await ports.readStore.get('webhookLogs', 's-1')).toMatchObject({ version: 2 });
      expect(await ports.readStore.get('webhookLogs', 'gone')).toBeUndefined();
      await expect(ports.checkpoints.get('webhookLogs')).resolves.toBe(10);
    });

    it('given an applied batch, when it is applied again (re-delivery after a restart), then nothing changes', async () => {
      const batch = {
        changes: [upsert('s-1', 1, { receivedAt: 1, status: 'received' }), upsert('s-1', 2, { receivedAt: 1, status: 'executed' })],
        checkpoint: { name: 'p', position: 2 },
      };
      await ports.unitOfWork.applyBatch(batch);
      const again = await ports.unitOfWork.applyBatch({ ...batch, changes: [upsert('s-1', 1, { receivedAt: 1, status: 'received' })] });
      expect(again.applied).toEqual([false]);
      expect((await ports.readStore.get('webhookLogs', 's-1'))?.data).toEqual({ receivedAt: 1, status: 'executed' });
    });

    it('given a change that fails mid-batch, then neither the earlier changes nor the checkpoint are applied, and nothing is notified', async () => {
      await ports.checkpoints.set('webhookLogs', 5);
      const notified: NotifierMessage[] = [];
      const unsubscribe = ports.notifier.subscribe('proj.webhookLogs.>', (message) => void notified.push(message));
      const circular: Record<string, unknown> = {};
      circular['self'] = circular;
      await expect(
        ports.unitOfWork.applyBatch({
          changes: [upsert('s-1', 1), upsert('s-2', 1, circular as JsonObject), upsert('s-3', 1)],
          checkpoint: { name: 'webhookLogs', position: 9 },
          notifications: [{ channel: 'proj.webhookLogs.u-1', message: { id: 's-1' } }],
        }),
      ).rejects.toThrow();
      expect(await ports.readStore.get('webhookLogs', 's-1')).toBeUndefined();
      expect(await ports.readStore.get('webhookLogs', 's-3')).toBeUndefined();
      await expect(ports.checkpoints.get('webhookLogs')).resolves.toBe(5);
      // A later batch's notice bounds the wait: notices arrive in commit order, so one of the failed
      // batch would come before it.
      await ports.unitOfWork.applyBatch({
        changes: [upsert('s-4', 1)],
        checkpoint: { name: 'webhookLogs', position: 10 },
        notifications: [{ channel: 'proj.webhookLogs.u-1', message: { id: 's-4' } }],
      });
      await waitFor(() => notified.length > 0, 2000, 'the later notice');
      unsubscribe();
      expect(notified).toEqual([{ id: 's-4' }]);
    });

    it('given notifications in a batch, then they arrive after the commit: a handler already reads the new state', async () => {
      const seen: unknown[] = [];
      const unsubscribe = ports.notifier.subscribe('proj.webhookLogs.*', async (message, channel) => {
        const doc = await ports.readStore.get('webhookLogs', (message as { id: string }).id);
        seen.push({ channel, version: doc?.version, checkpoint: await ports.checkpoints.get('webhookLogs') });
      });
      await ports.unitOfWork.applyBatch({
        changes: [upsert('s-1', 3)],
        checkpoint: { name: 'webhookLogs', position: 3 },
        notifications: [{ channel: 'proj.webhookLogs.u-1', message: { id: 's-1', version: 3 } }],
      });
      await waitFor(() => seen.length > 0, 2000, 'the notice');
      unsubscribe();
      expect(seen).toEqual([{ channel: 'proj.webhookLogs.u-1', version: 3, checkpoint: 3 }]);
    });

    it('given a rebuild into the next generation, when its last batch activates it, then the switch and the checkpoint land together', async () => {
      await ports.unitOfWork.applyBatch({ changes: [upsert('s-1', 1, { receivedAt: 1, v: 'old' })], checkpoint: { name: 'webhookLogs', position: 1 } });
      await ports.unitOfWork.applyBatch({
        generation: 1,
        changes: [upsert('s-1', 1, { receivedAt: 1, v: 'new' })],
        checkpoint: { name: 'webhookLogs@1', position: 1 },
      });
      expect((await ports.readStore.get('webhookLogs', 's-1'))?.data['v']).toBe('old');
      await ports.unitOfWork.applyBatch({
        generation: 1,
        changes: [upsert('s-2', 1)],
        checkpoint: { name: 'webhookLogs', position: 2 },
        activateGenerations: { webhookLogs: 1 },
      });
      expect((await ports.readStore.get('webhookLogs', 's-1'))?.data['v']).toBe('new');
      expect(await ports.readStore.get('webhookLogs', 's-2')).toBeDefined();
      await expect(ports.checkpoints.get('webhookLogs')).resolves.toBe(2);
    });

    it('given a batch that deletes a whole collection and refills it, then readers see only the refill', async () => {
      await ports.unitOfWork.applyBatch({ changes: [upsert('a', 1), upsert('b', 1)] });
      const result = await ports.unitOfWork.applyBatch({ changes: [{ kind: 'deleteCollection', collection: 'webhookLogs' }, upsert('c', 1)] });
      expect(result.applied).toEqual([true, true]);
      const docs = await ports.readStore.query('webhookLogs', { userId: 'u-1', sortBy: 'receivedAt', order: 'asc', limit: 10 });
      expect(docs.map((d) => d.id)).toEqual(['c']);
    });
  });
}
