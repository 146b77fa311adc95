import { settingsDecider, DEFAULT_SETTINGS, userStreamId, type Decider, type UserEvent, type SettingsCommand, type SettingsState } from '@hyperhook/domain';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNewEvent } from '@hyperhook/projector';
import { handleUserCommand } from './handleUserCommand.js';

let store: SqliteStore;
const uid = 'u-1';
const at = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  store = await openSqliteStore({ file: ':memory:' });
  const signedUp: UserEvent = { type: 'UserSignedUp', v: 1, data: { uid, email: 'a@example.com', passwordHash: null, at } };
  await store.eventStore.append(userStreamId(uid), [toNewEvent(signedUp)], { expectedVersion: 'no_stream' });
});
afterEach(async () => {
  await store.close();
});

const update = (leverage: number): SettingsCommand => ({ type: 'UpdateSettings', settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage } }, at });

/** The settings decider, with a hook that appends a concurrent write `times` times before deciding. */
function racing(times: number): Decider<SettingsCommand, UserEvent, SettingsState> {
  let left = times;
  return {
    ...settingsDecider,
    decide(command, state) {
      if (left > 0) {
        left -= 1;
        const concurrent: UserEvent = { type: 'SettingsUpdated', v: 1, data: { settings: { ...DEFAULT_SETTINGS, trading: { ...DEFAULT_SETTINGS.trading, leverage: 40 + left } }, at } };
        // Synchronous decide cannot await: the concurrent append is queued before ours.
        void store.eventStore.append(userStreamId(uid), [toNewEvent(concurrent)]);
      }
      return settingsDecider.decide(command, state);
    },
  };
}

describe('handleUserCommand', () => {
  it('given a command, when handled, then its events are appended after the stream version and the position returned', async () => {
    const outcome = await handleUserCommand(store.eventStore, uid, settingsDecider, update(7));
    expect(outcome.events.map((e) => e.type)).toEqual(['SettingsUpdated']);
    expect(outcome.position).toBe(await store.eventStore.headPosition());
    const stream = await store.eventStore.readStream(userStreamId(uid));
    expect(stream.map((e) => [e.type, e.metadata?.schemaVersion])).toEqual([['UserSignedUp', 1], ['SettingsUpdated', 1]]);
  });

  it('given a command that changes nothing, when handled, then nothing is appended and the position is null', async () => {
    expect(await handleUserCommand(store.eventStore, uid, settingsDecider, { type: 'ResetSettings', at })).toEqual({ events: [], position: null });
  });

  it('given one concurrent write, when handled, then it retries once on WrongExpectedVersion and succeeds', async () => {
    const outcome = await handleUserCommand(store.eventStore, uid, racing(1), update(7));
    expect(outcome.position).not.toBeNull();
    const types = (await store.eventStore.readStream(userStreamId(uid))).map((e) => e.type);
    expect(types).toEqual(['UserSignedUp', 'SettingsUpdated', 'SettingsUpdated']);
  });

  it('given a concurrent write on every attempt, when handled, then the second conflict is reported', async () => {
    await expect(handleUserCommand(store.eventStore, uid, racing(2), update(7))).rejects.toMatchObject({ code: 'WRONG_EXPECTED_VERSION' });
  });
});
