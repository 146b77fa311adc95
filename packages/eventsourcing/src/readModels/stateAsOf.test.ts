import { signalStreamId, userStreamId, WEBHOOK_LOGS_COLLECTION } from '@hyperhook/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { stateAsOf } from './stateAsOf.js';
import { appendSignal, appendUser, at, receivedEvent, signUpEvents, tempSqliteStore } from '../testing/storeFixture.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('stateAsOf', () => {
  it('CARD-35: given events before and after a time, when folded as of that time, then later events are ignored and nothing is written', async () => {
    // given: a controllable store clock
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const fixture = await tempSqliteStore({ clock: () => now });
    cleanups.push(fixture.cleanup);
    const { store } = fixture;
    await appendUser(store, 'u1', signUpEvents('u1'));
    await appendUser(store, 'u2', signUpEvents('u2', 'b'.repeat(64)));
    await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    now += 60_000;
    await appendSignal(store, 's1', [{ type: 'SignalRejected', v: 1, data: { at: at(10), code: 'NO_CREDENTIALS', reason: 'No API keys configured' } }]);
    await appendSignal(store, 's2', [receivedEvent('u1', 's2')]);
    // when
    const state = await stateAsOf({ store, until: new Date('2026-01-01T00:00:30.000Z'), userId: 'u1' });
    // then
    const logs = state.collections[WEBHOOK_LOGS_COLLECTION] ?? [];
    expect(logs.map((d) => [d.id, (d.data as { status: string }).status])).toEqual([['s1', 'received']]);
    expect(
      Object.values(state.collections)
        .flat()
        .every((d) => d.userId === 'u1'),
    ).toBe(true);
    expect(state.position).toBe(5);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(await store.readStore.get(WEBHOOK_LOGS_COLLECTION, 's1')).toBeUndefined();
  });

  it("issue 31, point 2: given two users, when one user's state is folded from their own streams only, then it is the whole log's fold of that user, document for document", async () => {
    // given
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const fixture = await tempSqliteStore({ clock: () => now });
    cleanups.push(fixture.cleanup);
    const { store } = fixture;
    await appendUser(store, 'u1', signUpEvents('u1'));
    await appendUser(store, 'u2', signUpEvents('u2', 'b'.repeat(64)));
    await appendSignal(store, 's1', [receivedEvent('u1', 's1')]);
    await appendSignal(store, 's2', [receivedEvent('u2', 's2')]);
    now += 60_000;
    await appendSignal(store, 's1', [{ type: 'SignalRejected', v: 1, data: { at: at(10), code: 'NO_CREDENTIALS', reason: 'No API keys configured' } }]);
    const until = new Date('2026-01-01T00:02:00.000Z');
    // when
    const whole = await stateAsOf({ store, until, userId: 'u1' });
    const own = await stateAsOf({ store, until, userId: 'u1', streams: [userStreamId('u1'), signalStreamId('s1')] });
    // then
    expect(own.collections).toEqual(whole.collections);
    expect((own.collections[WEBHOOK_LOGS_COLLECTION] ?? []).map((d) => [d.id, (d.data as { status: string }).status])).toEqual([['s1', 'failed']]);
    expect(own.position).toBe(whole.position);
    expect(own.events).toBeLessThan(whole.events);
  });
});
