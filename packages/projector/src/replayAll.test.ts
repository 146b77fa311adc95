import { allProjections, WEBHOOK_LOGS_COLLECTION } from '@hyperhook/domain';
import { appendSignal, appendUser, at, receivedEvent, signUpEvents, tempSqliteStore } from '@hyperhook/eventsourcing/testing';
import type { ReadStore } from '@hyperhook/store';
import { afterEach, describe, expect, it } from 'vitest';
import { replayAll } from './replayAll.js';
import { startProjector } from './startProjector.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every document of every collection for the users, as readers of `readStore` see them. */
async function snapshot(readStore: ReadStore, users: string[]) {
  const result: Record<string, unknown[]> = {};
  for (const { collection } of allProjections) {
    const docs = [];
    for (const userId of users) docs.push(...(await readStore.query(collection, { userId, sortBy: 'id', order: 'asc', limit: 1000 })));
    result[collection] = docs.sort((a, b) => a.id.localeCompare(b.id));
  }
  return result;
}

describe('replayAll', () => {
  it('CARD-33, CARD-34: given live read models, when replayed, then a new generation equal to the live one becomes active', async () => {
    // given
    const fixture = await tempSqliteStore();
    cleanups.push(fixture.cleanup);
    const { store } = fixture;
    await appendUser(store, 'u1', signUpEvents('u1', 'a'.repeat(64)));
    await appendUser(store, 'u2', signUpEvents('u2', 'b'.repeat(64)));
    await appendSignal(store, 's1', [receivedEvent('u1', 's1'), { type: 'SignalValidationStarted', v: 1, data: { at: at(3) } }]);
    await appendSignal(store, 's2', [receivedEvent('u2', 's2')]);
    const projector = startProjector({ store });
    cleanups.push(() => projector.stop());
    await projector.caughtUp;
    const live = await snapshot(store.readStore, ['u1', 'u2']);
    // when
    const result = await replayAll({ store, batchSize: 2 });
    // then
    expect(result).toMatchObject({ previousGeneration: 0, generation: 1, events: 7 });
    expect(await store.readStore.activeGeneration(WEBHOOK_LOGS_COLLECTION)).toBe(1);
    expect(await snapshot(store.readStore, ['u1', 'u2'])).toEqual(live);
    expect((await store.readStore.withGeneration(0).get(WEBHOOK_LOGS_COLLECTION, 's1'))?.data).toMatchObject({ status: 'validating' });
  });

  it('given a rebuild in progress, when it is not finished, then readers keep the old generation; after the switch the live projector continues on the new one', async () => {
    // given
    const fixture = await tempSqliteStore();
    cleanups.push(fixture.cleanup);
    const { store } = fixture;
    await appendUser(store, 'u1', signUpEvents('u1'));
    await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    const projector = startProjector({ store });
    cleanups.push(() => projector.stop());
    await projector.caughtUp;
    let generationDuringRebuild = -1;
    // when
    await replayAll({
      store,
      batchSize: 1,
      onProgress: () => {
        if (generationDuringRebuild === -1) void store.readStore.activeGeneration(WEBHOOK_LOGS_COLLECTION).then((g) => (generationDuringRebuild = g));
      },
    });
    const { lastPosition } = await appendSignal(store, 's2', [receivedEvent('u1', 's2')]);
    await projector.waitFor(lastPosition);
    // then
    expect(generationDuringRebuild).toBe(0);
    expect(await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's2')).toBeDefined();
    expect(await store.readStore.withGeneration(1).get(WEBHOOK_LOGS_COLLECTION, 's2')).toBeDefined();
  });
});
