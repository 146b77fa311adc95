import { readUserStream } from '@hyperhook/eventsourcing';
import { describe, expect, it } from 'vitest';
import { call, signUp, useTestApp } from '../testing/testApp.js';
import { recordFirstStrategies } from './recordFirstStrategies.js';

const stack = useTestApp();

describe('the migration to strategies (issue 29, point 1)', () => {
  it('issue 29, point 1: given an account made before strategies, when the sweep runs twice, then its first strategy is recorded once, as migrated, and its URL and settings are unchanged', async () => {
    // given: a user stream as sign-up wrote it before strategies (no StrategyCreated), beside an account of today
    const user = await signUp(stack.t.app);
    const { events: signedUp } = await readUserStream(stack.t.store.eventStore, user.uid);
    const old = `legacy-${Date.now()}`;
    await stack.t.store.eventStore.append(
      `user-${old}`,
      signedUp
        .filter((e) => e.type !== 'StrategyCreated')
        .map((e) => ({ type: e.type, data: (e.type === 'UserSignedUp' ? { ...e.data, uid: old, email: `${old}@example.com` } : e.data) as never })),
      { expectedVersion: 'no_stream' },
    );
    const clock = () => new Date('2026-11-28T05:00:00.000Z');
    // when
    const first = await recordFirstStrategies(stack.t.store.eventStore, clock);
    const second = await recordFirstStrategies(stack.t.store.eventStore, clock);
    // then
    expect([first, second]).toEqual([1, 0]);
    const { events } = await readUserStream(stack.t.store.eventStore, old);
    expect(events.filter((e) => e.type === 'StrategyCreated').map((e) => e.data)).toEqual([
      { strategyId: 'main', name: 'Main', venue: 'live', migrated: true, at: '2026-11-28T05:00:00.000Z' },
    ]);
    expect(events.slice(0, -1).map((e) => e.type)).toEqual(signedUp.filter((e) => e.type !== 'StrategyCreated').map((e) => e.type));
    // and an account made with strategies was left alone
    expect((await readUserStream(stack.t.store.eventStore, user.uid)).events.filter((e) => e.type === 'StrategyCreated')).toHaveLength(1);
    expect((await call(stack.t.app, 'GET', '/api/strategies', user.token)).json().data).toHaveLength(1);
  });
});
