import { allProjections, defineProjection, WEBHOOK_LOGS_COLLECTION, WEBHOOK_ROUTES_COLLECTION } from '@hyperhook/domain';
import { checkpointName } from '@hyperhook/eventsourcing';
import { appendSignal, appendUser, at, receivedEvent, signUpEvents, tempSqliteStore } from '@hyperhook/eventsourcing/testing';
import { userChannel, type NotifierMessage } from '@hyperhook/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProjector, type Projector } from './startProjector.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const fixture = await tempSqliteStore();
  cleanups.push(fixture.cleanup);
  return fixture;
}

function track(projector: Projector): Projector {
  cleanups.push(() => projector.stop());
  return projector;
}

describe('startProjector', () => {
  it('CARD-21: given events in a real SQLite store, when the projector catches up, then the read models and checkpoint hold them', async () => {
    // given
    const { store } = await setUp();
    await appendUser(store, 'u1', signUpEvents('u1', 'a'.repeat(64)));
    const { lastPosition } = await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    // when
    const projector = track(startProjector({ store }));
    await projector.caughtUp;
    // then
    const log = await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's1');
    expect(log?.userId).toBe('u1');
    expect(log?.data).toMatchObject({ logId: 's1', status: 'received' });
    expect((await store.readStore.get(WEBHOOK_ROUTES_COLLECTION, 'a'.repeat(64)))?.data).toMatchObject({ uid: 'u1' });
    expect(projector.position()).toBe(lastPosition);
    expect(await store.checkpoints.get(checkpointName('read-models', 0))).toBe(lastPosition);
  });

  it('given a running projector, when an event is appended, then waitFor(its position) resolves with the change visible (read-your-writes)', async () => {
    // given
    const { store } = await setUp();
    await appendUser(store, 'u1', signUpEvents('u1'));
    const projector = track(startProjector({ store }));
    await projector.caughtUp;
    // when
    const { lastPosition } = await appendSignal(store, 's2', [receivedEvent('u1', 's2')]);
    await projector.waitFor(lastPosition);
    // then
    expect(await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's2')).toBeDefined();
    expect(projector.position()).toBeGreaterThanOrEqual(lastPosition);
  });

  it('given a projector restarted at the head of the log, when it starts, then onProjected hears its checkpoint at once, with no batch to project', async () => {
    // given
    const { store } = await setUp();
    await appendUser(store, 'u1', signUpEvents('u1'));
    const { lastPosition } = await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    const first = startProjector({ store });
    await first.caughtUp;
    await first.stop();
    const applyBatch = vi.spyOn(store.unitOfWork, 'applyBatch');
    // when
    const heard: number[] = [];
    const second = track(startProjector({ store, onProjected: (position) => heard.push(position) }));
    await second.caughtUp;
    // then
    expect(heard).toEqual([lastPosition]);
    expect(applyBatch).not.toHaveBeenCalled();
  });

  it('given a position never reached, when waiting with a timeout, then waitFor rejects', async () => {
    // given
    const { store } = await setUp();
    const projector = track(startProjector({ store }));
    await projector.caughtUp;
    // when / then
    await expect(projector.waitFor(99, 50)).rejects.toThrow(/position 99/);
  });

  it('given a projector stopped mid-log, when restarted, then it resumes from the checkpoint without applying an event twice', async () => {
    // given
    const { store } = await setUp();
    await appendUser(store, 'u1', signUpEvents('u1'));
    await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    const first = startProjector({ store });
    await first.caughtUp;
    await first.stop();
    await appendSignal(store, 's1', [{ type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(5) } }]);
    const applyBatch = vi.spyOn(store.unitOfWork, 'applyBatch');
    // when
    const second = track(startProjector({ store }));
    await second.caughtUp;
    // then: only the new event is read, and the duplicate counter moved once
    const log = await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's1');
    expect(log?.data).toMatchObject({ duplicates: 1 });
    const changes = applyBatch.mock.calls.flatMap(([batch]) => batch.changes);
    expect(changes).toHaveLength(1);
  });

  it('given a checkpoint rolled back (re-delivery after a crash), when events are delivered again, then documents are unchanged', async () => {
    // given
    const { store } = await setUp();
    await appendUser(store, 'u1', signUpEvents('u1'));
    await appendSignal(store, 's1', [receivedEvent('u1', 's1'), { type: 'SignalDuplicateReceived', v: 1, data: { receivedAt: at(5) } }]);
    const first = startProjector({ store });
    await first.caughtUp;
    await first.stop();
    const before = await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's1');
    // when
    await store.checkpoints.set(checkpointName('read-models', 0), 0);
    const second = track(startProjector({ store }));
    await second.caughtUp;
    // then
    expect(await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's1')).toEqual(before);
  });

  it('given a batch whose commit fails, when it fails, then neither changes nor checkpoint are stored and no notice is published', async () => {
    // given
    const { store } = await setUp();
    const notices: NotifierMessage[] = [];
    store.notifier.subscribe(userChannel('u1'), (message) => void notices.push(message));
    await appendUser(store, 'u1', signUpEvents('u1'));
    const real = store.unitOfWork.applyBatch.bind(store.unitOfWork);
    let failures = 0;
    const errors: unknown[] = [];
    // What the failed batch left behind, taken when the retry begins: by then its notices, had it
    // published any, were delivered (a notice is delivered in a microtask after the commit; the
    // retry comes after the failure was reported and a timer ran).
    let beforeRetry: { errors: number; checkpoint: unknown; settings: unknown; notices: number } | undefined;
    vi.spyOn(store.unitOfWork, 'applyBatch').mockImplementation(async (batch) => {
      if (failures++ === 0) {
        // A poisoned change makes the real transaction roll back as a whole (atomic changes + checkpoint).
        return real({ ...batch, changes: [...batch.changes, { kind: 'upsert', collection: '', doc: { id: '', version: 1, data: {} } }] });
      }
      beforeRetry ??= {
        errors: errors.length,
        checkpoint: await store.checkpoints.get(checkpointName('read-models', 0)),
        settings: await store.readStore.get('settings', 'u1'),
        notices: notices.length,
      };
      return real(batch);
    });
    // when
    const projector = track(startProjector({ store, retryDelayMs: 400, onError: (e) => errors.push(e) }));
    await projector.caughtUp;
    // then
    expect(beforeRetry).toEqual({ errors: 1, checkpoint: undefined, settings: undefined, notices: 0 });
    expect(await store.readStore.get('settings', 'u1')).toBeDefined();
  });

  it('TAB-LOGS-05: given a subscriber on user.<uid>, when a log changes, then the notice arrives only after the commit, with the client view', async () => {
    // given
    const { store } = await setUp();
    await appendUser(store, 'u1', signUpEvents('u1'));
    const projector = track(startProjector({ store }));
    await projector.caughtUp;
    const seen: { message: NotifierMessage; committed: boolean }[] = [];
    store.notifier.subscribe(userChannel('u1'), async (message) => {
      const stored = await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's1');
      seen.push({ message, committed: stored !== undefined });
    });
    const other: NotifierMessage[] = [];
    store.notifier.subscribe(userChannel('u2'), (message) => void other.push(message));
    // when
    const { lastPosition } = await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    await projector.waitFor(lastPosition);
    // then
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({
      committed: true,
      message: expect.objectContaining({
        collection: WEBHOOK_LOGS_COLLECTION,
        id: 's1',
        version: lastPosition,
        doc: expect.objectContaining({ webhookLogId: 's1', status: 'received' }),
      }),
    });
    expect(other).toEqual([]);
  });

  it('given a non-domain event in the log (an intake dedupe claim), when projected, then it is skipped silently', async () => {
    // given
    const { store } = await setUp();
    await store.eventStore.append('dedupe-u1-abc', [{ type: 'SignalDedupeClaimed', data: { signalId: 's1' } }]);
    const skipped: string[] = [];
    // when
    const projector = track(startProjector({ store, onSkip: (event) => skipped.push(event.type) }));
    const position = await projector.caughtUp;
    // then
    expect(position).toBe(1);
    expect(skipped).toEqual([]);
  });
});

describe('a poison event (issue 32, point 1)', () => {
  it('given an event a projection throws on, when projected, then it is skipped for that projection and reported, the other projections apply it, and later events are projected: the projector never stalls', async () => {
    // given
    const { store } = await setUp();
    const throwing = defineProjection<{ n: number }>({
      collection: 'poisoned',
      idOf: (event) => (event.type === 'SignalReceived' ? event.data.signalId : null),
      userIdOf: (event) => (event.type === 'SignalReceived' ? event.data.userId : null),
      evolve: (current, event) => {
        if (event.type === 'SignalReceived' && event.data.signalId === 'poison') throw new RangeError('Maximum call stack size exceeded');
        return { n: (current?.n ?? 0) + 1 };
      },
    });
    await appendSignal(store, 'poison', [receivedEvent('u1', 'poison')]);
    const { lastPosition } = await appendSignal(store, 'fine', [receivedEvent('u1', 'fine')]);
    const skipped: string[] = [];
    // when
    const projector = track(
      startProjector({ store, projections: [throwing, ...allProjections], onSkip: (event, reason) => skipped.push(`${event.streamId}: ${reason}`) }),
    );
    await projector.waitFor(lastPosition);
    // then
    expect(skipped).toEqual(['signal-poison: poisoned: Maximum call stack size exceeded']);
    expect(await store.readStore.get('poisoned', 'poison')).toBeUndefined();
    expect((await store.readStore.get('poisoned', 'fine'))?.data).toEqual({ n: 1 });
    expect(await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 'poison')).toBeDefined();
  });
});
